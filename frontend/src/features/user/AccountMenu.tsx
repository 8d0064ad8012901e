import { useEffect, useId, useRef, useState } from 'react';
import { Button } from '../../ui';
import { useAuth, sessionIdentity } from '../auth';
import { displayName } from './user';
import { useUser } from './UserContext';

function initials(name: string): string {
  const parts = name.split(/[\s@.]+/).filter(Boolean);
  return (parts[0]?.[0] ?? '?').toUpperCase() + (parts[1]?.[0] ?? '').toUpperCase();
}

/** The header's account area: "Sign in" when signed out, the account menu when signed in. */
export function AccountMenu() {
  const { signedIn, session, openAuthModal, signOut } = useAuth();
  const { user, loadingCurrentUser } = useUser();
  const [open, setOpen] = useState(false);
  const menuId = useId();
  const rootRef = useRef<HTMLDivElement>(null);
  const triggerRef = useRef<HTMLButtonElement>(null);

  useEffect(() => {
    if (!open) return;
    rootRef.current?.querySelector<HTMLElement>('[role="menuitem"]')?.focus();
    const onPointer = (event: PointerEvent) => {
      if (!rootRef.current?.contains(event.target as Node)) setOpen(false);
    };
    const onKey = (event: KeyboardEvent) => {
      if (event.key !== 'Escape') return;
      setOpen(false);
      triggerRef.current?.focus();
    };
    document.addEventListener('pointerdown', onPointer);
    document.addEventListener('keydown', onKey);
    return () => {
      document.removeEventListener('pointerdown', onPointer);
      document.removeEventListener('keydown', onKey);
    };
  }, [open]);

  if (!signedIn) {
    return (
      <Button size="small" onClick={() => openAuthModal('Email')}>
        Sign in
      </Button>
    );
  }

  // Until the profile loads (or if it cannot), the id token's name and email stand in.
  const name = displayName(user ?? sessionIdentity(session) ?? {}) || (loadingCurrentUser ? 'Your account' : 'Account');
  const email = user?.email ?? sessionIdentity(session)?.email;
  return (
    <div className="account-menu" ref={rootRef}>
      <button
        ref={triggerRef}
        type="button"
        className="account-menu__trigger"
        aria-label={`Account: ${name}`}
        aria-haspopup="menu"
        aria-expanded={open}
        aria-controls={open ? menuId : undefined}
        onClick={() => setOpen((value) => !value)}
      >
        <span className="account-menu__avatar" aria-hidden="true">
          {initials(name)}
        </span>
        <span className="account-menu__name">{name}</span>
      </button>
      {open && (
        <div id={menuId} className="account-menu__popover" role="menu" aria-label="Account">
          <div className="account-menu__who">
            <strong>{name}</strong>
            {email && email !== name && <span className="muted">{email}</span>}
          </div>
          <button
            type="button"
            role="menuitem"
            className="account-menu__item"
            onClick={() => {
              setOpen(false);
              void signOut();
            }}
          >
            Sign out
          </button>
        </div>
      )}
    </div>
  );
}

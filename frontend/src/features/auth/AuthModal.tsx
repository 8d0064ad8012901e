import { useCallback, useEffect, useRef, useState } from 'react';
import { Modal } from '../../ui';
import type { AuthServices } from './auth-services';
import type { AuthSession } from './auth-session';
import { AUTH_VIEW_TITLES, type AuthView, type OpenAuthOptions } from './auth-view';
import type { AuthFormProps } from './forms/auth-form';
import { CreateAccountForm } from './forms/CreateAccountForm';
import { EmailForm } from './forms/EmailForm';
import { JoinWaitlistForm } from './forms/JoinWaitlistForm';
import { LoginForm } from './forms/LoginForm';
import { ResetPasswordForm } from './forms/ResetPasswordForm';
import { SocialSignUpForm } from './forms/SocialSignUpForm';

export interface AuthModalProps {
  initialView: AuthView;
  options?: OpenAuthOptions;
  services: AuthServices;
  /** `keepRedirect`: closed at a code step, to come back and confirm (the stored redirect is still where to go then). */
  onClose: (how: { keepRedirect: boolean }) => void;
  onSignedIn: (session: AuthSession) => Promise<void>;
}

const FIRST_FIELD = 'input:not([disabled]), button:not([disabled])';

/**
 * The auth modal: one dialog, six forms (spec section 4). Forms stack so Back returns to where the
 * user came from; Login and CreateAccount replace each other. While a request runs the dialog
 * cannot be dismissed.
 */
export function AuthModal({ initialView, options = {}, services, onClose, onSignedIn }: AuthModalProps) {
  const [stack, setStack] = useState<AuthView[]>([initialView]);
  const [email, setEmail] = useState(options.email ?? '');
  const [busy, setBusy] = useState(false);
  const bodyRef = useRef<HTMLDivElement>(null);
  const view = stack[stack.length - 1];
  const firstRender = useRef(true);
  const awaitingCode = useRef(false);

  // The dialog focuses its first field on open; on each later form change, focus follows, unless the
  // new form already put it in one of its fields (autoFocus) and someone may be typing there.
  useEffect(() => {
    if (firstRender.current) {
      firstRender.current = false;
      return;
    }
    if (focusIsIn(bodyRef.current)) return;
    bodyRef.current?.querySelector<HTMLElement>(FIRST_FIELD)?.focus();
  }, [view]);

  const go: AuthFormProps['go'] = (next, { replace = false } = {}) =>
    setStack((current) => {
      const existing = current.indexOf(next);
      if (existing >= 0) return current.slice(0, existing + 1);
      return replace ? [...current.slice(0, -1), next] : [...current, next];
    });

  const setAwaitingCode = useCallback((awaiting: boolean) => {
    awaitingCode.current = awaiting;
  }, []);
  const formProps: AuthFormProps = { services, email, onEmailChange: setEmail, go, onSignedIn, setBusy, setAwaitingCode };

  return (
    <Modal
      open
      onClose={() => onClose({ keepRedirect: awaitingCode.current })}
      title={AUTH_VIEW_TITLES[view]}
      size="small"
      blockedUntilSubmit={busy}
      onPrevious={stack.length > 1 && !busy ? () => setStack((current) => current.slice(0, -1)) : undefined}
    >
      <div ref={bodyRef} className="auth" data-view={view}>
        {view === 'Email' && <EmailForm {...formProps} />}
        {view === 'SocialSignUp' && <SocialSignUpForm {...formProps} />}
        {view === 'CreateAccount' && <CreateAccountForm {...formProps} />}
        {view === 'Login' && <LoginForm {...formProps} />}
        {view === 'ResetPassword' && <ResetPasswordForm {...formProps} />}
        {view === 'JoinWaitlist' && <JoinWaitlistForm {...formProps} waitlistFor={options.waitlistFor} />}
      </div>
    </Modal>
  );
}

/** Whether a control inside the element (not the element itself) has the focus. */
export const focusIsIn = (element: HTMLElement | null): boolean =>
  !!element && element !== document.activeElement && element.contains(document.activeElement);

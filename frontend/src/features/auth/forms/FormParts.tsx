import { useState, type ReactNode } from 'react';
import { Button, type InputProps } from '../../../ui';
import { AuthField } from './AuthField';
import { FormMessage } from './FormMessage';

/**
 * A form's work held open: while it runs the dialog cannot be dismissed (`setBusy`) and the form's
 * own buttons show as busy.
 */
export function useHeldWork(setBusy: (busy: boolean) => void) {
  const [busy, setLocalBusy] = useState(false);
  const run = async (work: () => Promise<void>) => {
    setBusy(true);
    setLocalBusy(true);
    try {
      await work();
    } finally {
      setLocalBusy(false);
      setBusy(false);
    }
  };
  return { busy, run };
}

/** Shows a field's validation problem (or clears it); true when the value passes. */
export function passes(problem: string | null, show: (error: string | undefined) => void): boolean {
  show(problem ?? undefined);
  return !problem;
}

/** The email field every form shows; `autoComplete` and `name` differ between them. */
export function EmailField(props: Omit<InputProps, 'label' | 'type' | 'inputMode'> & { value: string }) {
  return <AuthField label="Email" type="email" autoComplete="email" inputMode="email" {...props} />;
}

/** The field for an emailed code (a sign-up's confirmation, a password reset's). */
export function CodeField(props: Omit<InputProps, 'label' | 'inputMode'> & { value: string }) {
  return <AuthField label="Verification code" autoComplete="one-time-code" inputMode="numeric" autoFocus {...props} />;
}

/** The form's error, when there is one. */
export function FormError({ message }: { message: string | undefined }) {
  return message ? <FormMessage kind="error">{message}</FormMessage> : null;
}

/** A form's main button: it shows as busy while the form's work runs. */
export function SubmitButton({ busy, children }: { busy?: boolean; children: ReactNode }) {
  return (
    <Button type="submit" size="large" fullWidth loading={busy}>
      {children}
    </Button>
  );
}

/** A text-like button that moves to another form or runs a side action. */
export function AuthLink({ onClick, disabled, children }: { onClick: () => void; disabled?: boolean; children: ReactNode }) {
  return (
    <button type="button" className="auth-link" onClick={onClick} disabled={disabled}>
      {children}
    </button>
  );
}

/** "Already have an account? Log in": a question, then the link that answers it. */
export function AuthSwitch({
  prompt,
  label,
  onClick,
  disabled,
}: {
  prompt: string;
  label: string;
  onClick: () => void;
  disabled?: boolean;
}) {
  return (
    <p className="auth-switch">
      {prompt}{' '}
      <AuthLink onClick={onClick} disabled={disabled}>
        {label}
      </AuthLink>
    </p>
  );
}

import { useEffect, useState, type FormEvent } from 'react';
import type { AuthServices } from '../auth-services';
import { MESSAGES, validateResetCode } from '../validation';
import { identityErrorMessage } from './auth-form';
import { FormMessage } from './FormMessage';
import { AuthSwitch, CodeField, passes, SubmitButton } from './FormParts';

export interface ConfirmCodeStepProps {
  services: AuthServices;
  /** The (normalized) email the account is registered with. */
  email: string;
  /** Where the code went, masked as the provider answers it. */
  destination?: string;
  /** What the code is for, ahead of "We sent a code to …". */
  lead?: string;
  /** The sentence after the address: what entering the code does. */
  purpose: string;
  submitLabel: string;
  /** About the code, from the form's last try (a wrong or expired code, a code that could not be sent). */
  error?: string;
  busy: boolean;
  /** Runs work with the dialog held open (and the buttons busy). */
  run: (work: () => Promise<void>) => Promise<void>;
  onSubmit: (code: string) => void;
  setAwaitingCode: (awaiting: boolean) => void;
}

/**
 * The step that asks for the emailed confirmation code, with "Send a new code" (ResendConfirmationCode,
 * limited by the provider) and, in development, where the mail can be read. Used by sign-up, by a login
 * or sign-up again that found the account unconfirmed, and by a reset for an unconfirmed account.
 */
export function ConfirmCodeStep({
  services,
  email,
  destination,
  lead,
  purpose,
  submitLabel,
  error,
  busy,
  run,
  onSubmit,
  setAwaitingCode,
}: ConfirmCodeStepProps) {
  const [code, setCode] = useState('');
  const [problem, setProblem] = useState<string>();
  const [resent, setResent] = useState(false);
  const outbox = services.devOutboxUrl(email);
  const shownError = problem ?? error;

  useEffect(() => {
    setAwaitingCode(true);
    return () => setAwaitingCode(false);
  }, [setAwaitingCode]);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    setResent(false);
    if (passes(validateResetCode(code), setProblem)) onSubmit(code);
  };

  const resend = () =>
    void run(async () => {
      setProblem(undefined);
      setResent(false);
      try {
        await services.identity.resendConfirmationCode(email);
        setResent(true);
      } catch (failure) {
        setProblem(identityErrorMessage(failure, MESSAGES.verifyEmailFailed));
      }
    });

  return (
    <form className="auth-form" noValidate onSubmit={submit}>
      <p className="auth-lead">
        {lead && <>{lead} </>}
        We sent a code to <strong>{destination ?? email}</strong>. {purpose}
      </p>
      <CodeField
        name="code"
        value={code}
        error={shownError}
        onChange={(e) => {
          setCode(e.target.value);
          setProblem(undefined);
        }}
      />
      {resent && <FormMessage kind="info">A new code is on its way.</FormMessage>}
      {outbox && (
        <p className="auth-note">
          Developing locally? Read the code in the{' '}
          <a href={outbox} target="_blank" rel="noopener noreferrer">
            development outbox
          </a>
          .
        </p>
      )}
      <SubmitButton busy={busy}>{submitLabel}</SubmitButton>
      <AuthSwitch prompt="Didn’t get it?" label="Send a new code" onClick={resend} disabled={busy} />
    </form>
  );
}

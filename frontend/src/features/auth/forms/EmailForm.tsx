import { useState, type FormEvent } from 'react';
import { normalizeEmail, validateEntryEmail } from '../validation';
import type { AuthFormProps } from './auth-form';
import { ConsentLine } from './ConsentLine';
import { EmailWarning } from './EmailWarning';
import { AuthSwitch, EmailField, passes, SubmitButton, useHeldWork } from './FormParts';
import { useEmailCheck } from './useEmailCheck';

/** "Get Started": one email field; known addresses go to Login, new ones to CreateAccount. */
export function EmailForm({ services, email, onEmailChange, go, setBusy }: AuthFormProps) {
  const [error, setError] = useState<string>();
  const { busy, run } = useHeldWork(setBusy);
  const emailCheck = useEmailCheck(services);

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    if (!passes(validateEntryEmail(email), setError)) return;
    const normalized = normalizeEmail(email);
    onEmailChange(normalized);
    await run(async () => {
      const exists = await services.checkUserExists(normalized);
      if (exists) return go('Login');
      if (!(await emailCheck.confirm(normalized))) return;
      go('CreateAccount');
    });
  };

  return (
    <form className="auth-form" noValidate onSubmit={onSubmit}>
      <p className="auth-lead">Enter your email to log in or create your free account.</p>
      <EmailField
        name="email"
        value={email}
        error={error}
        autoFocus
        onChange={(e) => {
          onEmailChange(e.target.value);
          emailCheck.clear();
        }}
      />
      <EmailWarning warning={emailCheck.warning} onUseSuggestion={onEmailChange} />
      <SubmitButton busy={busy}>Continue</SubmitButton>
      <AuthSwitch prompt="Prefer a social account?" label="Sign up with Google" onClick={() => go('SocialSignUp')} />
      <ConsentLine />
    </form>
  );
}

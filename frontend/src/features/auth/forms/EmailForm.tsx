import { useState, type FormEvent } from 'react';
import { Button } from '../../../ui';
import { normalizeEmail, validateEntryEmail } from '../validation';
import { AuthField } from './AuthField';
import type { AuthFormProps } from './auth-form';
import { ConsentLine } from './ConsentLine';
import { EmailWarning } from './EmailWarning';
import { useEmailCheck } from './useEmailCheck';

/** "Get Started": one email field; known addresses go to Login, new ones to CreateAccount. */
export function EmailForm({ services, email, onEmailChange, go, setBusy }: AuthFormProps) {
  const [error, setError] = useState<string>();
  const [busy, setLocalBusy] = useState(false);
  const emailCheck = useEmailCheck(services);

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    const problem = validateEntryEmail(email);
    setError(problem ?? undefined);
    if (problem) return;
    const normalized = normalizeEmail(email);
    onEmailChange(normalized);
    setBusy(true);
    setLocalBusy(true);
    try {
      const exists = await services.checkUserExists(normalized);
      if (exists) return go('Login');
      if (!(await emailCheck.confirm(normalized))) return;
      go('CreateAccount');
    } finally {
      setLocalBusy(false);
      setBusy(false);
    }
  };

  return (
    <form className="auth-form" noValidate onSubmit={onSubmit}>
      <p className="auth-lead">Enter your email to log in or create your free account.</p>
      <AuthField
        label="Email"
        type="email"
        name="email"
        autoComplete="email"
        inputMode="email"
        value={email}
        error={error}
        autoFocus
        onChange={(e) => {
          onEmailChange(e.target.value);
          emailCheck.clear();
        }}
      />
      <EmailWarning warning={emailCheck.warning} onUseSuggestion={onEmailChange} />
      <Button type="submit" size="large" fullWidth loading={busy}>
        Continue
      </Button>
      <p className="auth-switch">
        Prefer a social account?{' '}
        <button type="button" className="auth-link" onClick={() => go('SocialSignUp')}>
          Sign up with Google
        </button>
      </p>
      <ConsentLine />
    </form>
  );
}

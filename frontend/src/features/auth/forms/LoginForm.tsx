import { useState, type FormEvent } from 'react';
import { Button } from '../../../ui';
import type { SignInOutcome } from '../auth-session';
import {
  MESSAGES,
  hasErrors,
  normalizeEmail,
  validateEmail,
  validateFields,
  validateLoginPassword,
  validatePasswordPolicy,
  validateResetCode,
  type FieldErrors,
} from '../validation';
import { AuthField } from './AuthField';
import { identityErrorMessage, type AuthFormProps } from './auth-form';
import { ConsentLine } from './ConsentLine';
import { FormMessage } from './FormMessage';

type Challenge = Extract<SignInOutcome, { kind: 'challenge' }>;

/** Log in with email and password; answers the new-password and authenticator-code challenges. */
export function LoginForm({ services, email, onEmailChange, go, onSignedIn, setBusy }: AuthFormProps) {
  const [password, setPassword] = useState('');
  const [errors, setErrors] = useState<FieldErrors<'email' | 'password'>>({});
  const [formError, setFormError] = useState<string>();
  const [busy, setLocalBusy] = useState(false);
  const [challenge, setChallenge] = useState<Challenge | null>(null);
  const [answer, setAnswer] = useState('');
  const [answerError, setAnswerError] = useState<string>();

  const settle = async (outcome: SignInOutcome) => {
    if (outcome.kind === 'signedIn') return onSignedIn(outcome.session);
    if (outcome.challenge === 'NEW_PASSWORD_REQUIRED' || outcome.challenge === 'SOFTWARE_TOKEN_MFA') {
      setChallenge(outcome);
      setAnswer('');
      return;
    }
    // SMS, MFA choice or setup, custom and device challenges are not offered by this site.
    setFormError(MESSAGES.loginFallback);
  };

  const run = async (work: () => Promise<void>) => {
    setFormError(undefined);
    setBusy(true);
    setLocalBusy(true);
    try {
      await work();
    } catch (error) {
      setFormError(identityErrorMessage(error, MESSAGES.loginFallback));
    } finally {
      setLocalBusy(false);
      setBusy(false);
    }
  };

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    const found = validateFields({ email, password }, { email: validateEmail, password: validateLoginPassword });
    setErrors(found);
    if (hasErrors(found)) return;
    const username = normalizeEmail(email);
    onEmailChange(username);
    void run(async () => settle(await services.store.signIn(username, password)));
  };

  const onAnswer = (event: FormEvent) => {
    event.preventDefault();
    if (!challenge) return;
    const isNewPassword = challenge.challenge === 'NEW_PASSWORD_REQUIRED';
    const problem = isNewPassword ? validatePasswordPolicy(answer) : validateResetCode(answer);
    setAnswerError(problem ?? undefined);
    if (problem) return;
    const kind = isNewPassword ? 'NEW_PASSWORD_REQUIRED' : 'SOFTWARE_TOKEN_MFA';
    void run(async () => settle(await services.store.answerChallenge(kind, challenge.username, challenge.session, answer)));
  };

  if (challenge) {
    const isNewPassword = challenge.challenge === 'NEW_PASSWORD_REQUIRED';
    return (
      <form className="auth-form" noValidate onSubmit={onAnswer}>
        <p className="auth-lead">
          {isNewPassword
            ? 'Your account needs a new password before you can continue.'
            : 'Enter the 6-digit code from your authenticator app.'}
        </p>
        {formError && <FormMessage kind="error">{formError}</FormMessage>}
        <AuthField
          label={isNewPassword ? 'New password' : 'Authenticator code'}
          type={isNewPassword ? 'password' : 'text'}
          autoComplete={isNewPassword ? 'new-password' : 'one-time-code'}
          inputMode={isNewPassword ? undefined : 'numeric'}
          value={answer}
          error={answerError}
          autoFocus
          onChange={(e) => setAnswer(e.target.value)}
        />
        <Button type="submit" size="large" fullWidth loading={busy}>
          Continue
        </Button>
      </form>
    );
  }

  return (
    <form className="auth-form" noValidate onSubmit={onSubmit}>
      {formError && <FormMessage kind="error">{formError}</FormMessage>}
      <AuthField
        label="Email"
        type="email"
        name="email"
        autoComplete="username"
        inputMode="email"
        value={email}
        error={errors.email}
        autoFocus={!email}
        onChange={(e) => onEmailChange(e.target.value)}
      />
      <AuthField
        label="Password"
        type="password"
        name="password"
        autoComplete="current-password"
        value={password}
        error={errors.password}
        autoFocus={Boolean(email)}
        onChange={(e) => setPassword(e.target.value)}
      />
      <div className="auth-forgot">
        <button type="button" className="auth-link" onClick={() => go('ResetPassword')}>
          Forgot password?
        </button>
      </div>
      <Button type="submit" size="large" fullWidth loading={busy}>
        Log in
      </Button>
      <p className="auth-switch">
        New to Sparkhouse?{' '}
        <button type="button" className="auth-link" onClick={() => go('CreateAccount', { replace: true })}>
          Create an account
        </button>
      </p>
      <ConsentLine />
    </form>
  );
}

import { useState, type FormEvent } from 'react';
import type { SignInOutcome } from '../auth-session';
import { isIdentityError } from '../identity-client';
import { enterWithSession, finishSignUp, resendCode, type PendingConfirmation } from '../sign-up-flow';
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
import { ConfirmCodeStep } from './ConfirmCodeStep';
import { ConsentLine } from './ConsentLine';
import { AuthLink, AuthSwitch, EmailField, FormError, passes, SubmitButton, useHeldWork } from './FormParts';

type Challenge = Extract<SignInOutcome, { kind: 'challenge' }>;

/**
 * Log in with email and password; answers the new-password and authenticator-code challenges. An
 * account whose email was never confirmed (a sign-up left at its code step) gets a fresh code and the
 * code step, then is signed in.
 */
export function LoginForm({ services, email, onEmailChange, go, onSignedIn, setBusy, setAwaitingCode }: AuthFormProps) {
  const [password, setPassword] = useState('');
  const [errors, setErrors] = useState<FieldErrors<'email' | 'password'>>({});
  const [formError, setFormError] = useState<string>();
  const held = useHeldWork(setBusy);
  const busy = held.busy;
  const [challenge, setChallenge] = useState<Challenge | null>(null);
  const [answer, setAnswer] = useState('');
  const [answerError, setAnswerError] = useState<string>();
  const [unconfirmed, setUnconfirmed] = useState<{ pending: PendingConfirmation; destination?: string } | null>(null);
  const [codeError, setCodeError] = useState<string>();

  const settle = async (outcome: SignInOutcome) => {
    if (outcome.kind === 'signedIn') {
      // an account confirmed elsewhere (or before its user was made) gets its user now; a failure here
      // does not stop the sign-in
      const entered = await enterWithSession(outcome.session, normalizeEmail(email), services.signUpDeps, { compensate: false });
      return entered.kind === 'done' ? onSignedIn(entered.session) : undefined;
    }
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
    await held.run(async () => {
      try {
        await work();
      } catch (error) {
        setFormError(identityErrorMessage(error, MESSAGES.loginFallback));
      }
    });
  };

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    const found = validateFields({ email, password }, { email: validateEmail, password: validateLoginPassword });
    setErrors(found);
    if (hasErrors(found)) return;
    const username = normalizeEmail(email);
    onEmailChange(username);
    void run(async () => {
      let outcome: SignInOutcome;
      try {
        // held until the account's user is sure to exist (see settle)
        outcome = await services.store.signIn(username, password, { hold: true });
      } catch (error) {
        // the provider says so only after the password was right: the account's owner, back to confirm
        if (!isIdentityError(error, 'UserNotConfirmedException')) throw error;
        const sent = await resendCode(username, services.signUpDeps);
        setCodeError(sent.problem);
        setUnconfirmed({ pending: { email: username, password }, destination: sent.destination });
        return;
      }
      await settle(outcome);
    });
  };

  if (unconfirmed) {
    return (
      <ConfirmCodeStep
        services={services}
        email={unconfirmed.pending.email}
        destination={unconfirmed.destination}
        lead="Your email is not confirmed yet."
        purpose="Enter it below to confirm your email and log in."
        submitLabel="Verify and log in"
        error={codeError}
        busy={busy}
        run={run}
        setAwaitingCode={setAwaitingCode}
        onSubmit={(code) => {
          setCodeError(undefined);
          void run(async () => {
            const result = await finishSignUp(unconfirmed.pending, code, services.signUpDeps);
            if (result.kind === 'done') return onSignedIn(result.session);
            if (result.step === 'code') return setCodeError(result.message || MESSAGES.verifyEmailFailed);
            setUnconfirmed(null);
            setFormError(result.message);
          });
        }}
      />
    );
  }

  const onAnswer = (event: FormEvent) => {
    event.preventDefault();
    if (!challenge) return;
    const isNewPassword = challenge.challenge === 'NEW_PASSWORD_REQUIRED';
    if (!passes(isNewPassword ? validatePasswordPolicy(answer) : validateResetCode(answer), setAnswerError)) return;
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
        <FormError message={formError} />
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
        <SubmitButton busy={busy}>Continue</SubmitButton>
      </form>
    );
  }

  return (
    <form className="auth-form" noValidate onSubmit={onSubmit}>
      <FormError message={formError} />
      <EmailField
        name="email"
        autoComplete="username"
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
        <AuthLink onClick={() => go('ResetPassword')}>Forgot password?</AuthLink>
      </div>
      <SubmitButton busy={busy}>Log in</SubmitButton>
      <AuthSwitch prompt="New to Sparkhouse?" label="Create an account" onClick={() => go('CreateAccount', { replace: true })} />
      <ConsentLine />
    </form>
  );
}

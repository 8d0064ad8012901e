import { useState, type FormEvent } from 'react';
import { Button } from '../../../ui';
import { isIdentityError } from '../identity-client';
import { resendCode } from '../sign-up-flow';
import { MESSAGES, normalizeEmail, validateResetCode, validateResetEmail, validateResetNewPassword } from '../validation';
import { AuthField } from './AuthField';
import { identityErrorMessage, type AuthFormProps } from './auth-form';
import { ConfirmCodeStep } from './ConfirmCodeStep';
import { FormMessage } from './FormMessage';
import { AuthSwitch, CodeField, EmailField, FormError, passes, SubmitButton, useHeldWork } from './FormParts';

/** `unconfirmed`: the account's email was never confirmed, so it cannot be reset yet; `confirm`: its confirmation code. */
export type ResetStep = 'email' | 'unconfirmed' | 'confirm' | 'code' | 'password' | 'done';

/** The product's words for the provider's refusal to reset an account whose email is not verified. */
export const UNCONFIRMED_RESET =
  'Your email address isn’t confirmed yet, so its password can’t be reset. Log in with your password and we’ll send you a new confirmation code. Forgotten it? Confirm your email first, then choose a new password.';

/** Codes that mean "the code was wrong or stale": the user goes back to the code step. */
const CODE_ERRORS = ['CodeMismatchException', 'ExpiredCodeException'];

/** Password reset: email, then code, then new password, then a success panel (spec section 4). */
export function ResetPasswordForm({ services, email, onEmailChange, go, setBusy, setAwaitingCode }: AuthFormProps) {
  const [step, setStep] = useState<ResetStep>('email');
  const [code, setCode] = useState('');
  const [password, setPassword] = useState('');
  const [fieldError, setFieldError] = useState<string>();
  const [formError, setFormError] = useState<string>();
  const [destination, setDestination] = useState<string>();
  const held = useHeldWork(setBusy);
  const busy = held.busy;
  const [confirmError, setConfirmError] = useState<string>();

  const run = async (work: () => Promise<void>) => {
    setFormError(undefined);
    await held.run(work);
  };

  const moveTo = (next: ResetStep) => {
    setFieldError(undefined);
    setStep(next);
  };

  const sendResetCode = async (username: string) => {
    try {
      const answer = await services.identity.forgotPassword(username);
      setDestination(answer.CodeDeliveryDetails?.Destination);
      moveTo('code');
    } catch (error) {
      // the provider refuses to reset an account whose email was never verified (an unfinished sign-up)
      if (isIdentityError(error, 'InvalidParameterException')) return moveTo('unconfirmed');
      setFormError(
        isIdentityError(error, 'UserNotFoundException')
          ? MESSAGES.unknownResetUser
          : identityErrorMessage(error, MESSAGES.fetchFailure),
      );
    }
  };

  const onSubmitEmail = (event: FormEvent) => {
    event.preventDefault();
    if (!passes(validateResetEmail(email), setFieldError)) return;
    const username = normalizeEmail(email);
    onEmailChange(username);
    void run(() => sendResetCode(username));
  };

  /** Unconfirmed: a confirmation code first; once the email is confirmed, the reset goes on as usual. */
  const confirmFirst = () =>
    void run(async () => {
      const sent = await resendCode(normalizeEmail(email), services.signUpDeps);
      setDestination(sent.destination);
      setConfirmError(sent.problem);
      moveTo('confirm');
    });

  const onConfirm = (code: string) =>
    void run(async () => {
      setConfirmError(undefined);
      try {
        await services.identity.confirmSignUp(normalizeEmail(email), code);
      } catch (error) {
        setConfirmError(identityErrorMessage(error, MESSAGES.verifyEmailFailed));
        return;
      }
      await sendResetCode(normalizeEmail(email));
    });

  const onSubmitCode = (event: FormEvent) => {
    event.preventDefault();
    if (passes(validateResetCode(code), setFieldError)) moveTo('password');
  };

  const onSubmitPassword = (event: FormEvent) => {
    event.preventDefault();
    if (!passes(validateResetNewPassword(password), setFieldError)) return;
    void run(async () => {
      try {
        await services.identity.confirmForgotPassword(normalizeEmail(email), code, password);
        moveTo('done');
      } catch (error) {
        const message = identityErrorMessage(error, MESSAGES.fetchFailure);
        if (isIdentityError(error) && CODE_ERRORS.includes(error.code)) {
          // A wrong or expired code: back to the code step, with the reason on the code field.
          setCode('');
          setStep('code');
          setFieldError(message);
          return;
        }
        setFormError(message);
      }
    });
  };

  if (step === 'done') {
    return (
      <div className="auth-form auth-done">
        <FormMessage kind="success">
          <strong>Your password has been reset.</strong> You can now log in with your new password.
        </FormMessage>
        <Button size="large" fullWidth onClick={() => go('Login', { replace: true })}>
          Log in
        </Button>
      </div>
    );
  }

  if (step === 'unconfirmed') {
    return (
      <div className="auth-form">
        <FormMessage kind="warning">{UNCONFIRMED_RESET}</FormMessage>
        <Button size="large" fullWidth loading={busy} onClick={confirmFirst}>
          Confirm my email
        </Button>
        <AuthSwitch prompt="Remember your password?" label="Log in" onClick={() => go('Login', { replace: true })} />
      </div>
    );
  }

  if (step === 'confirm') {
    return (
      <ConfirmCodeStep
        services={services}
        email={normalizeEmail(email)}
        destination={destination}
        purpose="Enter it below to confirm your email; we then send you a code to choose a new password."
        submitLabel="Confirm my email"
        error={confirmError}
        busy={busy}
        run={run}
        setAwaitingCode={setAwaitingCode}
        onSubmit={onConfirm}
      />
    );
  }

  const stepNumber = step === 'email' ? 1 : step === 'code' ? 2 : 3;
  return (
    <form
      className="auth-form"
      noValidate
      onSubmit={step === 'email' ? onSubmitEmail : step === 'code' ? onSubmitCode : onSubmitPassword}
    >
      <p className="auth-step" aria-live="polite">
        Step {stepNumber} of 3
      </p>
      <FormError message={formError} />
      {step === 'email' && (
        <>
          <p className="auth-lead">Enter the email you signed up with and we’ll send you a verification code.</p>
          <EmailField key="email" value={email} error={fieldError} autoFocus onChange={(e) => onEmailChange(e.target.value)} />
          <SubmitButton busy={busy}>Send code</SubmitButton>
        </>
      )}
      {step === 'code' && (
        <>
          <p className="auth-lead">
            We sent a verification code to <strong>{destination ?? normalizeEmail(email)}</strong>.
          </p>
          <CodeField key="code" value={code} error={fieldError} onChange={(e) => setCode(e.target.value)} />
          <SubmitButton>Continue</SubmitButton>
        </>
      )}
      {step === 'password' && (
        <>
          <p className="auth-lead">Choose a new password of at least 8 characters.</p>
          <AuthField
            key="password"
            label="New password"
            type="password"
            autoComplete="new-password"
            value={password}
            error={fieldError}
            autoFocus
            onChange={(e) => setPassword(e.target.value)}
          />
          <SubmitButton busy={busy}>Reset password</SubmitButton>
        </>
      )}
      <AuthSwitch prompt="Remembered it?" label="Back to log in" onClick={() => go('Login', { replace: true })} />
    </form>
  );
}

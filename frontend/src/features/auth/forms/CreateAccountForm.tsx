import { useRef, useState, type FormEvent } from 'react';
import { Button } from '../../../ui';
import { finishSignUp, startSignUp, type SignUpInput } from '../sign-up-flow';
import {
  MESSAGES,
  NAME_MAX_LENGTH,
  hasErrors,
  normalizeEmail,
  validateEmail,
  validateFields,
  validateFirstName,
  validateLastName,
  validateResetCode,
  validateSignUpPassword,
  type FieldErrors,
} from '../validation';
import { AuthField } from './AuthField';
import { identityErrorMessage, type AuthFormProps } from './auth-form';
import { ConsentLine } from './ConsentLine';
import { EmailWarning } from './EmailWarning';
import { FormMessage } from './FormMessage';
import { useEmailCheck } from './useEmailCheck';

type Field = 'firstName' | 'lastName' | 'email' | 'password';

/** Create account: names, email and password, then the code emailed by the identity provider. */
export function CreateAccountForm({ services, email, onEmailChange, go, onSignedIn, setBusy }: AuthFormProps) {
  const [firstName, setFirstName] = useState('');
  const [lastName, setLastName] = useState('');
  const [password, setPassword] = useState('');
  const [errors, setErrors] = useState<FieldErrors<Field>>({});
  const [formError, setFormError] = useState<string>();
  const [busy, setLocalBusy] = useState(false);
  const [step, setStep] = useState<'details' | 'code'>('details');
  const [code, setCode] = useState('');
  const [codeError, setCodeError] = useState<string>();
  const [destination, setDestination] = useState<string>();
  const [resent, setResent] = useState(false);
  const submitted = useRef<SignUpInput | null>(null);
  const emailCheck = useEmailCheck(services);

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

  const finish = async (input: SignUpInput, withCode: string | undefined) => {
    const result = await finishSignUp(input, withCode, services.signUpDeps);
    if (result.kind === 'done') return onSignedIn(result.session);
    if (result.step === 'code') {
      setCodeError(result.message || MESSAGES.verifyEmailFailed);
      return;
    }
    setStep('details');
    setFormError(result.message);
  };

  const onSubmitDetails = (event: FormEvent) => {
    event.preventDefault();
    setFormError(undefined);
    const found = validateFields(
      { firstName, lastName, email, password },
      { firstName: validateFirstName, lastName: validateLastName, email: validateEmail, password: validateSignUpPassword },
    );
    setErrors(found);
    if (hasErrors(found)) return;
    const input: SignUpInput = { email: normalizeEmail(email), password, firstName: firstName.trim(), lastName: lastName.trim() };
    onEmailChange(input.email);
    void run(async () => {
      if (!(await emailCheck.confirm(input.email))) return;
      const started = await startSignUp(input, services.signUpDeps);
      if (started.kind === 'error') {
        if (started.field) setErrors({ [started.field]: started.message });
        else setFormError(started.message);
        return;
      }
      submitted.current = input;
      if (started.kind === 'needsCode') {
        setDestination(started.destination);
        setStep('code');
        return;
      }
      await finish(input, undefined);
    });
  };

  const onSubmitCode = (event: FormEvent) => {
    event.preventDefault();
    const problem = validateResetCode(code);
    setCodeError(problem ?? undefined);
    if (problem || !submitted.current) return;
    const input = submitted.current;
    void run(() => finish(input, code));
  };

  const onResend = () =>
    void run(async () => {
      setCodeError(undefined);
      try {
        await services.identity.resendConfirmationCode(normalizeEmail(email));
        setResent(true);
      } catch (error) {
        setCodeError(identityErrorMessage(error, MESSAGES.verifyEmailFailed));
      }
    });

  if (step === 'code') {
    const outbox = services.devOutboxUrl(normalizeEmail(email));
    return (
      <form className="auth-form" noValidate onSubmit={onSubmitCode}>
        <p className="auth-lead">
          We sent a code to <strong>{destination ?? normalizeEmail(email)}</strong>. Enter it below to finish creating your
          account.
        </p>
        <AuthField
          label="Verification code"
          name="code"
          autoComplete="one-time-code"
          inputMode="numeric"
          value={code}
          error={codeError}
          autoFocus
          onChange={(e) => setCode(e.target.value)}
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
        <Button type="submit" size="large" fullWidth loading={busy}>
          Verify and continue
        </Button>
        <p className="auth-switch">
          Didn’t get it?{' '}
          <button type="button" className="auth-link" onClick={onResend} disabled={busy}>
            Send a new code
          </button>
        </p>
      </form>
    );
  }

  return (
    <form className="auth-form" noValidate onSubmit={onSubmitDetails}>
      {formError && <FormMessage kind="error">{formError}</FormMessage>}
      <div className="auth-row">
        <AuthField
          label="First name"
          name="given-name"
          autoComplete="given-name"
          maxLength={NAME_MAX_LENGTH + 10}
          value={firstName}
          error={errors.firstName}
          autoFocus
          onChange={(e) => setFirstName(e.target.value)}
        />
        <AuthField
          label="Last name"
          name="family-name"
          autoComplete="family-name"
          maxLength={NAME_MAX_LENGTH + 10}
          value={lastName}
          error={errors.lastName}
          onChange={(e) => setLastName(e.target.value)}
        />
      </div>
      <AuthField
        label="Email"
        type="email"
        name="email"
        autoComplete="email"
        inputMode="email"
        value={email}
        error={errors.email}
        onChange={(e) => {
          onEmailChange(e.target.value);
          emailCheck.clear();
        }}
      />
      <EmailWarning warning={emailCheck.warning} onUseSuggestion={onEmailChange} />
      <AuthField
        label="Password"
        type="password"
        name="new-password"
        autoComplete="new-password"
        value={password}
        error={errors.password}
        onChange={(e) => setPassword(e.target.value)}
      />
      <Button type="submit" size="large" fullWidth loading={busy}>
        Create account
      </Button>
      <p className="auth-switch">
        Already have an account?{' '}
        <button type="button" className="auth-link" onClick={() => go('Login', { replace: true })}>
          Log in
        </button>
      </p>
      <ConsentLine />
    </form>
  );
}

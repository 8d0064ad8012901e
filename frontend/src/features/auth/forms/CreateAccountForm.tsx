import { useRef, useState, type FormEvent } from 'react';
import { enterWithSession, finishSignUp, startSignUp, type SignUpInput } from '../sign-up-flow';
import {
  MESSAGES,
  NAME_MAX_LENGTH,
  hasErrors,
  normalizeEmail,
  validateEmail,
  validateFields,
  validateFirstName,
  validateLastName,
  validateSignUpPassword,
  type FieldErrors,
} from '../validation';
import { AuthField } from './AuthField';
import type { AuthFormProps } from './auth-form';
import { ConfirmCodeStep } from './ConfirmCodeStep';
import { ConsentLine } from './ConsentLine';
import { EmailWarning } from './EmailWarning';
import { AuthLink, AuthSwitch, EmailField, FormError, SubmitButton, useHeldWork } from './FormParts';
import { useEmailCheck } from './useEmailCheck';

type Field = 'firstName' | 'lastName' | 'email' | 'password';

/** A name field: filled in as the browser knows the name's part; a little over the limit can be typed, then is refused. */
function NameField({
  label,
  part,
  value,
  error,
  autoFocus,
  onChange,
}: {
  label: string;
  part: 'given-name' | 'family-name';
  value: string;
  error?: string;
  autoFocus?: boolean;
  onChange: (value: string) => void;
}) {
  return (
    <AuthField
      label={label}
      name={part}
      autoComplete={part}
      maxLength={NAME_MAX_LENGTH + 10}
      value={value}
      error={error}
      autoFocus={autoFocus}
      onChange={(e) => onChange(e.target.value)}
    />
  );
}

/** Create account: names, email and password, then the code emailed by the identity provider. */
export function CreateAccountForm({ services, email, onEmailChange, go, onSignedIn, setBusy, setAwaitingCode }: AuthFormProps) {
  const [firstName, setFirstName] = useState('');
  const [lastName, setLastName] = useState('');
  const [password, setPassword] = useState('');
  const [errors, setErrors] = useState<FieldErrors<Field>>({});
  const [formError, setFormError] = useState<string>();
  const [accountExists, setAccountExists] = useState(false);
  const { busy, run } = useHeldWork(setBusy);
  const [codeStep, setCodeStep] = useState<{ destination?: string; resumed?: boolean } | null>(null);
  const [codeError, setCodeError] = useState<string>();
  const submitted = useRef<SignUpInput | null>(null);
  const emailCheck = useEmailCheck(services);

  const finish = async (input: SignUpInput, withCode: string | undefined) => {
    const result = await finishSignUp(input, withCode, services.signUpDeps);
    if (result.kind === 'done') return onSignedIn(result.session);
    if (result.step === 'code') {
      setCodeError(result.message || MESSAGES.verifyEmailFailed);
      return;
    }
    setCodeStep(null);
    setFormError(result.message);
  };

  const onSubmitDetails = (event: FormEvent) => {
    event.preventDefault();
    setFormError(undefined);
    setAccountExists(false);
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
        setAccountExists(Boolean(started.accountExists));
        return;
      }
      submitted.current = input;
      if (started.kind === 'needsCode') {
        setCodeError(started.problem);
        setCodeStep({ destination: started.destination, resumed: started.resumed });
        return;
      }
      if (started.kind === 'signedIn') {
        // the email's own account and password: signed in, its user made if it had none yet
        const entered = await enterWithSession(started.session, input.email, services.signUpDeps, {
          names: { firstName: input.firstName, lastName: input.lastName },
          compensate: false,
        });
        if (entered.kind === 'done') await onSignedIn(entered.session);
        return;
      }
      await finish(input, undefined);
    });
  };

  if (codeStep && submitted.current) {
    const input = submitted.current;
    return (
      <ConfirmCodeStep
        services={services}
        email={input.email}
        destination={codeStep.destination}
        lead={codeStep.resumed ? 'You started creating this account earlier and did not confirm your email yet.' : undefined}
        purpose="Enter it below to finish creating your account."
        submitLabel="Verify and continue"
        error={codeError}
        busy={busy}
        run={run}
        setAwaitingCode={setAwaitingCode}
        onSubmit={(code) => {
          setCodeError(undefined);
          void run(() => finish(input, code));
        }}
      />
    );
  }

  return (
    <form className="auth-form" noValidate onSubmit={onSubmitDetails}>
      <FormError message={formError} />
      <div className="auth-row">
        <NameField
          label="First name"
          part="given-name"
          value={firstName}
          error={errors.firstName}
          autoFocus
          onChange={setFirstName}
        />
        <NameField label="Last name" part="family-name" value={lastName} error={errors.lastName} onChange={setLastName} />
      </div>
      <EmailField
        name="email"
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
      {accountExists && (
        <p className="auth-switch">
          Is it yours? <AuthLink onClick={() => go('Login', { replace: true })}>Log in</AuthLink> or{' '}
          <AuthLink onClick={() => go('ResetPassword')}>reset your password</AuthLink>.
        </p>
      )}
      <SubmitButton busy={busy}>Create account</SubmitButton>
      <AuthSwitch prompt="Already have an account?" label="Log in" onClick={() => go('Login', { replace: true })} />
      <ConsentLine />
    </form>
  );
}

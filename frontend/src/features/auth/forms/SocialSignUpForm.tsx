import { useState, type FormEvent } from 'react';
import { Button } from '../../../ui';
import { MESSAGES, normalizeEmail, validateSocialEmail } from '../validation';
import type { AuthFormProps } from './auth-form';
import { ConsentLine } from './ConsentLine';
import { AuthSwitch, EmailField, FormError, passes, SubmitButton } from './FormParts';

const GoogleMark = () => (
  <svg viewBox="0 0 24 24" width="18" height="18" aria-hidden="true">
    <path fill="#4285F4" d="M22.5 12.3c0-.8-.1-1.6-.2-2.3H12v4.4h5.9a5 5 0 0 1-2.2 3.3v2.7h3.5c2.1-1.9 3.3-4.8 3.3-8.1z" />
    <path fill="#34A853" d="M12 23c3 0 5.5-1 7.3-2.7l-3.5-2.7c-1 .7-2.3 1-3.8 1-2.9 0-5.4-2-6.3-4.6H2.1v2.8A11 11 0 0 0 12 23z" />
    <path fill="#FBBC05" d="M5.7 14a6.6 6.6 0 0 1 0-4.1V7.1H2.1a11 11 0 0 0 0 9.8L5.7 14z" />
    <path fill="#EA4335" d="M12 5.4c1.6 0 3.1.6 4.2 1.7l3.1-3.1A11 11 0 0 0 2.1 7.1l3.6 2.8C6.6 7.3 9.1 5.4 12 5.4z" />
  </svg>
);

/** "Sign up to continue": Google's hosted login, or carry on with an email. */
export function SocialSignUpForm({ services, email, onEmailChange, go }: AuthFormProps) {
  const [error, setError] = useState<string>();
  const [socialError, setSocialError] = useState<string>();

  const onGoogle = () => {
    setSocialError(undefined);
    services.startSocialLogin('Google').catch(() => setSocialError(MESSAGES.socialFailed));
  };

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    if (!passes(validateSocialEmail(email), setError)) return;
    onEmailChange(normalizeEmail(email));
    go('CreateAccount');
  };

  return (
    <form className="auth-form" noValidate onSubmit={onSubmit}>
      <Button variant="secondary" size="large" fullWidth icon={<GoogleMark />} onClick={onGoogle}>
        Continue with Google
      </Button>
      <FormError message={socialError} />
      <div className="auth-divider" role="separator">
        <span>or</span>
      </div>
      <EmailField name="email" value={email} error={error} onChange={(e) => onEmailChange(e.target.value)} />
      <SubmitButton>Continue with email</SubmitButton>
      <AuthSwitch prompt="Already have an account?" label="Log in" onClick={() => go('Login', { replace: true })} />
      <ConsentLine />
    </form>
  );
}

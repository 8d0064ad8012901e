import { useState, type FormEvent } from 'react';
import { Button } from '../../../ui';
import type { OpenAuthOptions } from '../auth-view';
import { MESSAGES, normalizeEmail, validateEmail } from '../validation';
import { AuthField } from './AuthField';
import type { AuthFormProps } from './auth-form';
import { ConsentLine } from './ConsentLine';
import { FormMessage } from './FormMessage';

/** Join a class waitlist with an email; once joined, a success message shows. */
export function JoinWaitlistForm({
  services,
  email,
  onEmailChange,
  setBusy,
  waitlistFor,
}: AuthFormProps & { waitlistFor?: OpenAuthOptions['waitlistFor'] }) {
  const [error, setError] = useState<string>();
  const [formError, setFormError] = useState<string>();
  const [busy, setLocalBusy] = useState(false);
  const [joined, setJoined] = useState(false);

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    const problem = validateEmail(email);
    setError(problem ?? undefined);
    setFormError(undefined);
    if (problem) return;
    const normalized = normalizeEmail(email);
    onEmailChange(normalized);
    setBusy(true);
    setLocalBusy(true);
    try {
      const result = await services.addToWaitlist({ email: normalized, classInterestedIn: waitlistFor?.classSlug });
      if (result.success) setJoined(true);
      else setFormError(result.error ?? MESSAGES.waitlistFailed);
    } finally {
      setLocalBusy(false);
      setBusy(false);
    }
  };

  if (joined) {
    return (
      <div className="auth-form auth-done">
        <FormMessage kind="success">
          <strong>You’re on the waitlist!</strong> We’ll email {normalizeEmail(email)} as soon as{' '}
          {waitlistFor?.title ? `“${waitlistFor.title}”` : 'the class'} opens.
        </FormMessage>
      </div>
    );
  }

  return (
    <form className="auth-form" noValidate onSubmit={onSubmit}>
      <p className="auth-lead">
        {waitlistFor?.title ? `“${waitlistFor.title}” isn’t open yet.` : 'This class isn’t open yet.'} Leave your email and we’ll
        tell you the moment it is.
      </p>
      {formError && <FormMessage kind="error">{formError}</FormMessage>}
      <AuthField
        label="Email"
        type="email"
        autoComplete="email"
        inputMode="email"
        value={email}
        error={error}
        autoFocus
        onChange={(e) => onEmailChange(e.target.value)}
      />
      <Button type="submit" size="large" fullWidth loading={busy}>
        Join the waitlist
      </Button>
      <ConsentLine />
    </form>
  );
}

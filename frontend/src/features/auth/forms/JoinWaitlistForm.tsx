import { useState, type FormEvent } from 'react';
import type { OpenAuthOptions } from '../auth-view';
import { MESSAGES, normalizeEmail, validateEmail } from '../validation';
import type { AuthFormProps } from './auth-form';
import { ConsentLine } from './ConsentLine';
import { FormMessage } from './FormMessage';
import { EmailField, FormError, passes, SubmitButton, useHeldWork } from './FormParts';

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
  const { busy, run } = useHeldWork(setBusy);
  const [joined, setJoined] = useState(false);

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    setFormError(undefined);
    if (!passes(validateEmail(email), setError)) return;
    const normalized = normalizeEmail(email);
    onEmailChange(normalized);
    await run(async () => {
      const result = await services.addToWaitlist({ email: normalized, classInterestedIn: waitlistFor?.classSlug });
      if (result.success) setJoined(true);
      else setFormError(result.error ?? MESSAGES.waitlistFailed);
    });
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
      <FormError message={formError} />
      <EmailField value={email} error={error} autoFocus onChange={(e) => onEmailChange(e.target.value)} />
      <SubmitButton busy={busy}>Join the waitlist</SubmitButton>
      <ConsentLine />
    </form>
  );
}

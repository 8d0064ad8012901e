import { useMutation } from '@tanstack/react-query';
import { LINK_SENT } from '@sparkhouse/contracts/onboarding-links';
import { useEffect, useRef, useState, type FormEvent } from 'react';
import type { AppAddress } from '../../features/app-onboarding';
import { normalizeEmail, validateEmail } from '../../features/auth';
import { linkOnboardingWithEmail } from '../../features/user';
import { Button, Input } from '../../ui';

/**
 * "Email me my plan" at the end of the onboarding: the anonymous visitor gives the email of their
 * account, and its owner is sent a one-time link; following it signed in keeps these answers and this
 * plan with the account. Validated with the spec's messages; every address gets the same answer, so
 * the form says to check the mail (a refusal, e.g. too many requests, is shown as the server words it).
 */
export function EmailPlanForm({ address }: { address: AppAddress }) {
  const [email, setEmail] = useState('');
  const [problem, setProblem] = useState<string>();
  const [refusal, setRefusal] = useState<string>();
  const [sent, setSent] = useState<{ email: string; message: string } | null>(null);
  const sentHeading = useRef<HTMLHeadingElement>(null);
  // the form is replaced by what to do next: focus follows, so it is read out
  useEffect(() => {
    if (sent) sentHeading.current?.focus();
  }, [sent]);
  const link = useMutation({
    mutationFn: (normalized: string) => linkOnboardingWithEmail(address, normalized),
    onSuccess: (result, normalized) => {
      if (result.success) setSent({ email: normalized, message: result.message ?? LINK_SENT });
      else setRefusal(result.error ?? 'Unknown error');
    },
  });

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const found = validateEmail(email);
    setProblem(found ?? undefined);
    setRefusal(undefined);
    if (!found) link.mutate(normalizeEmail(email));
  };

  if (sent)
    return (
      <section className="card ob-offer" aria-labelledby="ob-email-title">
        <h2 id="ob-email-title" tabIndex={-1} ref={sentHeading}>
          Check your email
        </h2>
        <p role="status">
          {sent.message} Open the link in the email to <strong>{sent.email}</strong> within 24 hours and sign in: your answers and
          this plan are then kept with that account.
        </p>
        <p className="muted">Nothing is added to an account until its owner opens the link.</p>
        <div className="ob-nav">
          <Button variant="secondary" onClick={() => setSent(null)}>
            Use another email
          </Button>
        </div>
      </section>
    );

  return (
    <section className="card ob-offer" aria-labelledby="ob-email-title">
      <h2 id="ob-email-title">Email me my plan</h2>
      <p className="muted">
        Have an account with us? Give its email and we send it a link: open it and sign in to keep this plan and your answers with
        your account.
      </p>
      <form className="ob-email" noValidate onSubmit={submit}>
        <Input
          label="Your email"
          type="email"
          autoComplete="email"
          inputMode="email"
          value={email}
          error={problem}
          errorOutline
          aria-invalid={Boolean(problem)}
          onChange={(e) => setEmail(e.target.value)}
        />
        {/* the kit shows a field's error only while it is empty: a typed value's problem is shown here */}
        {problem && email.length > 0 && (
          <p className="ob-question__error" role="alert">
            {problem}
          </p>
        )}
        {refusal && (
          <p className="ob-question__error" role="alert">
            {refusal}
          </p>
        )}
        <Button type="submit" variant="secondary" loading={link.isPending}>
          Email me my plan
        </Button>
      </form>
    </section>
  );
}

import { useMutation } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import type { AppAddress } from '../../features/app-onboarding/visitor.queries';
import { useAuth } from '../../features/auth/AuthContext';
import { normalizeEmail, validateEmail } from '../../features/auth/validation';
import { linkOnboardingWithEmail } from '../../features/user/users-api';
import { Button, Input } from '../../ui';

/**
 * The email-only capture at the end of the onboarding: the anonymous visitor gives the email of their
 * account, and their answers and plan are linked to it (linkOnboardingWithEmail), without signing in.
 * Validated with the spec's messages; a refusal (no account with that email, an id already linked
 * elsewhere) is shown as the server words it.
 */
export function EmailPlanForm({ address, onLinked }: { address: AppAddress; onLinked: (email: string) => void }) {
  const [email, setEmail] = useState('');
  const [problem, setProblem] = useState<string>();
  const [refusal, setRefusal] = useState<string>();
  const link = useMutation({
    mutationFn: (normalized: string) => linkOnboardingWithEmail(address, normalized),
    onSuccess: (result, normalized) => {
      if (result.success) onLinked(normalized);
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

  return (
    <section className="card ob-offer" aria-labelledby="ob-email-title">
      <h2 id="ob-email-title">Email me my plan</h2>
      <p className="muted">
        Have an account with us? Give its email: this plan and your answers are kept with it, and you find them when you sign in.
        No password needed now.
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

/** After the email link: the plan stays on screen, and signing in with that email shows it as the member's. */
export function EmailLinked({ email }: { email: string }) {
  const { requireSignIn } = useAuth();
  return (
    <section className="card ob-offer" aria-labelledby="ob-linked-title">
      <h2 id="ob-linked-title">Your plan is kept with {email}</h2>
      <p className="muted" role="status">
        Your answers and this plan now belong to the account with that email. Sign in with it to see them any time.
      </p>
      <div className="ob-nav">
        <Button onClick={() => requireSignIn(`${window.location.pathname}${window.location.search}`)}>Sign in</Button>
      </div>
    </section>
  );
}

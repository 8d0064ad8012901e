import { useMutation, useQuery } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { useSearchParams } from 'react-router';
import { errorMessage } from '../../api';
import type { AppAddress } from '../../features/app-onboarding';
import { useAuth, sessionIdentity } from '../../features/auth';
import { hasActiveOrTrialSubscription } from '../../features/user';
import {
  PlanOptions,
  browser,
  createCheckoutSession,
  paymentOptionsQuery,
  subscriptionsQuery,
  useCheckoutStatusLive,
} from '../../features/payments';
import { Button, ProgressBar } from '../../ui';

/** The onboarding page itself: where the payment page returns, with the session to follow. */
const onboardingPath = (a: AppAddress) => `/apps/${a.storefrontSlug}/${a.appSlug}/onboarding`;

/** Back from the payment page: the membership confirmed live (the webhook's push), then welcomed. */
function Joining({ sessionId, appName }: { sessionId: string; appName: string }) {
  const status = useCheckoutStatusLive(sessionId);
  const done = status.data?.status === 'completed';
  if (status.isError)
    return (
      <p className="inline-error" role="alert">
        {errorMessage(status.error)}
      </p>
    );
  return (
    <section className="card ob-offer" aria-labelledby="ob-joining-title" data-status={status.data?.status ?? 'pending'}>
      <h2 id="ob-joining-title">{done ? `Welcome to ${appName}` : 'Confirming your membership'}</h2>
      <ProgressBar value={done ? 100 : 50} label="Membership progress" />
      <p className="muted" aria-live="polite">
        {done ? `You are a member of ${appName}. Your plan is waiting for you.` : 'Your payment went through: confirming it now…'}
      </p>
    </section>
  );
}

/**
 * After the plan: the app's membership plans as the creator priced and published them, yearly first
 * and preselected, bought through the same checkout as the Sparkhouse membership. Nothing shows when
 * the app sells no plans.
 */
export function MemberPlans({ address, appName }: { address: AppAddress; appName: string }) {
  const { session, signedIn, requireSignIn } = useAuth();
  const userId = sessionIdentity(session)?.userId ?? null;
  const [params] = useSearchParams();
  const returnedSession = params.get('session_id');
  const options = useQuery(paymentOptionsQuery(address.storefrontSlug, address.appSlug));
  const subscriptions = useQuery({ ...subscriptionsQuery(userId ?? ''), enabled: signedIn && Boolean(userId) });
  const [chosen, setChosen] = useState<string | null>(null);
  const start = useMutation({
    mutationFn: (priceOptionId: string) =>
      createCheckoutSession({
        userId: userId!,
        storefrontSlug: address.storefrontSlug,
        appSlug: address.appSlug,
        priceOptionId,
        successUrl: `${onboardingPath(address)}?session_id={CHECKOUT_SESSION_ID}`,
        cancelUrl: onboardingPath(address),
        metadata: { source: 'app-onboarding' },
      }),
    onSuccess: (checkout) => browser.assign(checkout.url),
  });

  if (returnedSession && signedIn) return <Joining sessionId={returnedSession} appName={appName} />;
  const member = hasActiveOrTrialSubscription(
    (subscriptions.data?.subscriptions ?? []).filter(
      (s) => s.storefrontSlug === address.storefrontSlug && s.appSlug === address.appSlug,
    ),
  );
  if (member)
    return (
      <p className="callout" role="status">
        You are a member of {appName}.
      </p>
    );
  const plans = options.data?.payment_options ?? [];
  // no plans on sale (or none readable): the page stays about the plan
  if (options.isError || plans.length === 0) return null;
  // the plan the app's landing page had chosen (?plan=annual|monthly), else the default (yearly)
  const fromLanding = plans.find(
    (p) => (params.get('plan') === 'monthly') === (p.duration === 1 && p.durationUnit === 'month'),
  )?.id;
  const selected = chosen ?? (params.get('plan') ? fromLanding : undefined) ?? options.data?.defaultSelectedId ?? plans[0].id;
  const trialDays = plans.find((p) => p.id === selected)?.trialDays ?? 0;

  const submit = (event: FormEvent) => {
    event.preventDefault();
    // signing in first comes back here, to the same plans
    if (!signedIn || !userId) {
      requireSignIn(`${window.location.pathname}${window.location.search}`);
      return;
    }
    start.mutate(selected);
  };

  return (
    <form className="card ob-offer ob-members" onSubmit={submit} aria-labelledby="ob-members-title">
      <h2 id="ob-members-title">Become a member</h2>
      <p className="muted">{options.data?.selectPlanText ?? `Choose your ${appName} plan`}</p>
      <PlanOptions plans={plans} selected={selected} onSelect={setChosen} name="member-plan" legend={`${appName} plans`} />
      {start.isError && (
        <p className="inline-error" role="alert">
          {errorMessage(start.error)}
        </p>
      )}
      <Button type="submit" loading={start.isPending}>
        {trialDays > 0 ? `Start my ${trialDays}-day free trial` : 'Subscribe'}
      </Button>
    </form>
  );
}

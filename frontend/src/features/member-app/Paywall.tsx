import { useMutation, useQuery } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { errorMessage } from '../../api';
import { useAuth } from '../auth';
import { browser, createCheckoutSession, PlanOptions, paymentOptionsQuery } from '../payments';
import { Button } from '../../ui';
import type { AppAddress } from './member-app.queries';

const appPath = (a: AppAddress) => `/apps/${a.storefrontSlug}/${a.appSlug}/app`;

/**
 * The app's paywall: its plans as the creator priced them, the yearly one first and preselected, with
 * the free trial when there is one; paying comes back to the app. `lapsed`: a former member renews.
 */
export function Paywall({
  address,
  appName,
  userId,
  lapsed,
}: {
  address: AppAddress;
  appName: string;
  userId: string;
  lapsed: boolean;
}) {
  const { requireSignIn } = useAuth();
  const options = useQuery(paymentOptionsQuery(address.storefrontSlug, address.appSlug));
  const [chosen, setChosen] = useState<string | null>(null);
  const start = useMutation({
    mutationFn: (priceOptionId: string) =>
      createCheckoutSession({
        userId,
        storefrontSlug: address.storefrontSlug,
        appSlug: address.appSlug,
        priceOptionId,
        successUrl: `${appPath(address)}?session_id={CHECKOUT_SESSION_ID}`,
        cancelUrl: appPath(address),
        metadata: { source: lapsed ? 'member-app-renew' : 'member-app-paywall' },
      }),
    onSuccess: (checkout) => browser.assign(checkout.url),
  });
  const plans = options.data?.payment_options ?? [];
  const selected = chosen ?? options.data?.defaultSelectedId ?? plans[0]?.id ?? null;
  const trialDays = lapsed ? 0 : (plans.find((p) => p.id === selected)?.trialDays ?? 0);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!userId) return requireSignIn(window.location.pathname);
    if (selected) start.mutate(selected);
  };

  return (
    <form className="card ma-paywall" onSubmit={submit} aria-labelledby="ma-paywall-title">
      <h2 id="ma-paywall-title">{lapsed ? `Renew your ${appName} membership` : `Become a member of ${appName}`}</h2>
      <p className="muted">
        {lapsed
          ? 'Your membership has ended. Your plan, check-ins and progress are kept: renew to pick up where you left off.'
          : `Your plan, daily check-ins, guided lessons and reminders are for members.`}
      </p>
      {options.isPending && <p role="status">Loading the plans…</p>}
      {options.isError && (
        <p className="inline-error" role="alert">
          {errorMessage(options.error)}
        </p>
      )}
      {options.isSuccess && plans.length === 0 && <p className="muted">This app sells no memberships right now.</p>}
      {plans.length > 0 && (
        <PlanOptions plans={plans} selected={selected} onSelect={setChosen} name="ma-plan" legend={`${appName} plans`} />
      )}
      {start.isError && (
        <p className="inline-error" role="alert">
          {errorMessage(start.error)}
        </p>
      )}
      {plans.length > 0 && (
        <Button type="submit" loading={start.isPending}>
          {lapsed ? 'Renew' : trialDays > 0 ? `Start my ${trialDays}-day free trial` : 'Subscribe'}
        </Button>
      )}
    </form>
  );
}

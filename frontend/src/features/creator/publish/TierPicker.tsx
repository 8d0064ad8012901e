import { useMutation, useQuery } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { errorMessage } from '../../../api';
import { ErrorState, LoadingState } from '../../catalogue';
import { PlanOptions, orderPaymentOptions, browser } from '../../payments';
import { Button } from '../../../ui';
import { creatorPlatformPlansQuery, startTierCheckout } from './publish.queries';

/**
 * The creator platform's tiers, each with its monthly and yearly plan (yearly first; the first tier's
 * yearly plan preselected). Continuing opens the payment page; paying brings the creator back to
 * publish this app.
 */
export function TierPicker({ appId, onBack }: { appId: string; onBack: () => void }) {
  const plans = useQuery(creatorPlatformPlansQuery());
  const [chosen, setChosen] = useState<string | null>(null);
  const start = useMutation({
    mutationFn: (option: { id: string; tierSlug: string }) => startTierCheckout(appId, option.tierSlug, option.id),
    onSuccess: ({ url }) => browser.assign(url),
  });

  if (plans.isPending) return <LoadingState label="Loading the creator plans" />;
  if (plans.isError)
    return <ErrorState title="Could not load the creator plans" error={plans.error} onRetry={() => void plans.refetch()} />;
  const tiers = plans.data.tiers.map((tier) => ({
    ...tier,
    options: orderPaymentOptions(plans.data.payment_options.filter((o) => o.tierSlug === tier.slug)).options,
  }));
  const selected = chosen ?? tiers[0]?.options[0]?.id ?? null;
  const option = plans.data.payment_options.find((o) => o.id === selected);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (option?.tierSlug) start.mutate({ id: option.id, tierSlug: option.tierSlug });
  };

  return (
    <form className="card tier-picker" onSubmit={submit} aria-labelledby="tier-title">
      <p className="eyebrow">Creator plans</p>
      <h2 id="tier-title">Choose a creator plan to publish</h2>
      <p className="muted">Publishing needs a creator plan. Pay once on the next page and your app goes live right after.</p>
      <div className="tier-picker__tiers">
        {tiers.map((tier) => (
          <section key={tier.slug} className="tier-card" aria-labelledby={`tier-${tier.slug}`}>
            <h3 id={`tier-${tier.slug}`}>{tier.displayName}</h3>
            <p className="muted">{tier.description}</p>
            <ul className="tier-card__features">
              {tier.features.map((f) => (
                <li key={f}>{f}</li>
              ))}
            </ul>
            <PlanOptions
              plans={tier.options}
              selected={selected}
              onSelect={setChosen}
              name="creator-plan"
              legend={`${tier.displayName} plans`}
              disabled={start.isPending}
            />
          </section>
        ))}
      </div>
      {start.isError && (
        <p className="inline-error" role="alert">
          {errorMessage(start.error)}
        </p>
      )}
      <div className="row">
        <Button type="submit" loading={start.isPending} disabled={!option}>
          Continue to payment
        </Button>
        <Button variant="secondary" onClick={onBack} disabled={start.isPending}>
          Back to what goes live
        </Button>
      </div>
    </form>
  );
}

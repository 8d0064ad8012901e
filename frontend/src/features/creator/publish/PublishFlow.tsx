import type { CreatorApp } from '@sparkhouse/contracts';
import { SERVER_EVENTS } from '@sparkhouse/contracts/realtime-names';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { useSearchParams } from 'react-router';
import { errorMessage } from '../../../api';
import { ErrorState, LoadingState } from '../../catalogue';
import { invalidateAfterCheckout } from '../../payments';
import { getSocket } from '../../realtime';
import { Button, ProgressBar } from '../../../ui';
import { usePublishApp } from '../creator.queries';
import { creatorPlatformPlansQuery, needsTier, publishKeys, publishPreviewQuery } from './publish.queries';
import { TierPicker } from './TierPicker';
import { creatorPlanPriceText } from './visitor-changes';
import { VisitorReview } from './VisitorReview';
import { WhatGoesLive } from './WhatGoesLive';
import './publish.css';

/** While a paid plan is being confirmed (its webhook recorded), the publish check is read again this often. */
const CONFIRM_POLL_MS = 2000;
/** After this long without the plan, the creator is told it takes longer than it should, and may look again. */
const CONFIRM_SLOW_MS = 90_000;

const tierName = (slug: string | null) => (slug ? slug.charAt(0).toUpperCase() + slug.slice(1) : '');

/** Back from the payment page: the plan confirmed (webhook), then the app published, as steps. */
function Confirming({
  tier,
  published,
  slow,
  onRetry,
}: {
  tier: string;
  published: boolean;
  slow: boolean;
  onRetry: () => void;
}) {
  const step = published ? 3 : 1;
  return (
    <section className="card publish-confirm" aria-labelledby="publish-confirm-title">
      <h2 id="publish-confirm-title">Payment received</h2>
      <ProgressBar value={(step / 3) * 100} label="Publishing progress" showValue />
      <p className="muted" aria-live="polite">
        {published ? 'Published.' : `Confirming your ${tierName(tier)} creator plan… your app is published as soon as it is.`}
      </p>
      {slow && !published && (
        <div role="alert" className="callout">
          <p>Confirming the payment takes longer than usual. Nothing is lost: look again in a moment.</p>
          <Button variant="secondary" size="small" onClick={onRetry}>
            Check again
          </Button>
        </div>
      )}
    </section>
  );
}

/**
 * /dashboard/builder?appId=…&mode=publish: what goes live (each document's draft against its live
 * version, field by field), then Publish. A creator without a creator plan chooses a tier and pays;
 * the payment page returns with payment_success=true&tier=…, where the flow waits for the webhook to
 * record the plan and then publishes by itself.
 */
export function PublishFlow({ app, onDone }: { app: CreatorApp; onDone: (published: boolean) => void }) {
  const [params] = useSearchParams();
  const returned = params.get('payment_success') === 'true';
  const canceled = params.get('payment_canceled') === 'true';
  const tier = params.get('tier') ?? '';
  const queryClient = useQueryClient();
  const [choosing, setChoosing] = useState(false);
  const [slow, setSlow] = useState(false);
  const publish = usePublishApp(app.appId);
  const autoPublished = useRef(false);
  const preview = useQuery({
    ...publishPreviewQuery(app.appId),
    refetchInterval: (q) => (returned && !q.state.data?.publishing.allowed ? CONFIRM_POLL_MS : false),
  });
  const allowed = preview.data?.publishing.allowed ?? false;
  const confirming = returned && !allowed;
  // what a creator plan costs, said before they choose one
  const plans = useQuery({ ...creatorPlatformPlansQuery(), enabled: preview.isSuccess && !allowed });
  const planPrice = plans.data ? creatorPlanPriceText(plans.data.payment_options) : null;

  // the webhook's push says the checkout completed: read the publish check again at once
  useEffect(() => {
    if (!confirming) return;
    const socket = getSocket();
    const onUpdate = () => {
      invalidateAfterCheckout(queryClient);
      void queryClient.invalidateQueries({ queryKey: publishKeys.preview(app.appId) });
    };
    socket.on(SERVER_EVENTS.checkoutUpdated, onUpdate);
    const timer = setTimeout(() => setSlow(true), CONFIRM_SLOW_MS);
    return () => {
      socket.off(SERVER_EVENTS.checkoutUpdated, onUpdate);
      clearTimeout(timer);
    };
  }, [confirming, queryClient, app.appId]);

  const doPublish = () =>
    publish.mutate(undefined, {
      onSuccess: () => {
        void queryClient.invalidateQueries({ queryKey: publishKeys.preview(app.appId) });
        onDone(true);
      },
      onError: (error) => {
        if (needsTier(error)) setChoosing(true);
      },
    });

  // back from paying, once the plan is recorded: publish what the creator reviewed before paying
  useEffect(() => {
    if (returned && allowed && !autoPublished.current) {
      autoPublished.current = true;
      doPublish();
    }
  });

  if (preview.isPending) return <LoadingState label="Working out what goes live" />;
  if (preview.isError)
    return <ErrorState title="Could not work out what goes live" error={preview.error} onRetry={() => void preview.refetch()} />;
  const data = preview.data;
  const nothingNew = !data.hasUnpublishedChanges;

  return (
    <div className="publish-flow">
      <div className="publish-flow__head">
        <div>
          <p className="eyebrow">Publish</p>
          <h2 className="publish-flow__title">Publish {app.name}</h2>
        </div>
        <Button variant="secondary" size="small" onClick={() => onDone(false)}>
          Back to the editor
        </Button>
      </div>

      {returned && (
        <Confirming
          tier={tier}
          published={publish.isSuccess}
          slow={slow}
          onRetry={() => void queryClient.invalidateQueries({ queryKey: publishKeys.preview(app.appId) })}
        />
      )}
      {canceled && !choosing && (
        <p className="callout" role="status">
          Payment canceled: nothing was charged. Choose a plan whenever you are ready.
        </p>
      )}

      {choosing && !allowed ? (
        <TierPicker appId={app.appId} onBack={() => setChoosing(false)} />
      ) : (
        <>
          <VisitorReview preview={data} />
          <details className="card publish-flow__fields">
            <summary>Every field that changes, in detail</summary>
            <WhatGoesLive preview={data} />
          </details>
          {!returned && (
            <div className="card publish-flow__actions">
              <p className="muted">
                {allowed
                  ? data.publishing.tierSlug
                    ? `Your ${tierName(data.publishing.tierSlug)} creator plan covers publishing.`
                    : 'You can publish this app.'
                  : 'Publishing needs a creator plan. You choose one next, then pay, and your app goes live.'}
              </p>
              {!allowed && planPrice && (
                <p className="publish-flow__plan-price" data-testid="creator-plan-price">
                  {planPrice}.
                </p>
              )}
              {publish.isError && !needsTier(publish.error) && (
                <p className="inline-error" role="alert">
                  {errorMessage(publish.error)}
                </p>
              )}
              <div className="row">
                {allowed ? (
                  <Button onClick={doPublish} loading={publish.isPending} disabled={nothingNew}>
                    Publish now
                  </Button>
                ) : (
                  <Button onClick={() => setChoosing(true)} disabled={nothingNew}>
                    Choose a plan to publish
                  </Button>
                )}
              </div>
            </div>
          )}
        </>
      )}
    </div>
  );
}

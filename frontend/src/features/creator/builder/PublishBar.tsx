import { useQuery } from '@tanstack/react-query';
import { Button } from '../../../ui';
import { unpublishedChangesQuery, type UnpublishedChanges } from '../creator.queries';
import { LiveAppActions } from '../LiveAppActions';

const PART: Record<UnpublishedChanges['changed'][number], string> = {
  blueprint: 'blueprint',
  landingPage: 'landing page',
  onboardingFlow: 'onboarding flow',
  pricing: 'pricing',
  theme: 'theme',
  canvasSettings: 'canvas',
};

/**
 * "Unpublished changes" (checkUnpublishedChanges), Pricing and Publish. Publish opens what goes live
 * (and, for a creator without a creator plan, the plans) before anything is published.
 */
export function PublishBar({
  app,
  appId,
  isPublished,
  onPricing,
  onPublish,
}: {
  /** The app, for View live and Share once it is published. */
  app?: { appId: string; name: string; storefrontSlug: string; appSlug: string };
  appId: string;
  isPublished: boolean;
  onPricing: () => void;
  onPublish: () => void;
}) {
  const changes = useQuery(unpublishedChangesQuery(appId));

  let label: string;
  let pending = false;
  if (changes.isPending) label = 'Checking for changes…';
  else if (changes.isError) label = 'Could not check for changes';
  else if (changes.data.hasUnpublishedChanges) {
    pending = true;
    const parts = changes.data.changed.map((c) => PART[c] ?? c);
    label = parts.length ? `Unpublished changes: ${parts.join(', ')}` : 'Unpublished changes';
  } else label = isPublished ? 'Everything is published' : 'Nothing to publish yet';

  return (
    <div className="builder__bar-actions">
      <span
        className={['unpublished', pending && 'unpublished--pending'].filter(Boolean).join(' ')}
        role="status"
        aria-live="polite"
      >
        <span className="unpublished__dot" aria-hidden="true" />
        {label}
      </span>
      {app && isPublished && <LiveAppActions app={app} from="builder" />}
      <Button size="small" variant="secondary" onClick={onPricing}>
        Pricing
      </Button>
      <Button size="small" disabled={!changes.data?.hasUnpublishedChanges} onClick={onPublish}>
        Publish
      </Button>
    </div>
  );
}

import { useQuery } from '@tanstack/react-query';
import { errorMessage } from '../../../api';
import { Button, useToast } from '../../../ui';
import { unpublishedChangesQuery, usePublishApp, type UnpublishedChanges } from '../creator.queries';

const PART: Record<UnpublishedChanges['changed'][number], string> = {
  blueprint: 'blueprint',
  landingPage: 'landing page',
  onboardingFlow: 'onboarding flow',
  theme: 'theme',
  canvasSettings: 'canvas',
};

/** "Unpublished changes" (checkUnpublishedChanges) and Publish. */
export function PublishBar({ appId, isPublished }: { appId: string; isPublished: boolean }) {
  const changes = useQuery(unpublishedChangesQuery(appId));
  const publish = usePublishApp(appId);
  const toast = useToast();

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
      <Button
        size="small"
        loading={publish.isPending}
        disabled={!changes.data?.hasUnpublishedChanges}
        onClick={() =>
          publish.mutate(undefined, {
            onSuccess: () => toast.show({ kind: 'success', message: 'Published. Visitors now see this version.' }),
            onError: (e) => toast.show({ kind: 'error', title: 'Could not publish', message: errorMessage(e) }),
          })
        }
      >
        Publish
      </Button>
    </div>
  );
}

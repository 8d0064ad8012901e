import type { BuildStatus, CreatorApp } from '@sparkhouse/contracts';
import { useQuery } from '@tanstack/react-query';
import { Link } from 'react-router';
import { buttonClassName, TagChip, type TagTone } from '../../ui';
import { EmptyState, LoadingState } from '../catalogue';
import { formatRelativeTime } from '../format';
import { builderPath } from './BuildWatch';
import { creatorAppsQuery, creatorHasAnyAppQuery } from './creator.queries';
import { LiveAppActions } from './LiveAppActions';

const BUILD_TONE: Record<BuildStatus, TagTone> = {
  none: 'neutral',
  queued: 'neutral',
  running: 'primary',
  completed: 'success',
  failed: 'danger',
  canceled: 'warning',
};

export function buildStatusLabel(build: CreatorApp['build']): string {
  switch (build.status) {
    case 'none':
      return 'Not built';
    case 'queued':
      return 'Build queued';
    case 'running':
      return `Building · ${Math.round(build.percent)}%`;
    case 'completed':
      return 'Built';
    case 'failed':
      return 'Build failed';
    case 'canceled':
      return 'Build canceled';
  }
}

function AppCard({ app, now, mode }: { app: CreatorApp; now: Date; mode?: string | null }) {
  return (
    <article className="creator-app">
      <div className="creator-app__image">{app.appImage && <img src={app.appImage.url} alt="" loading="lazy" />}</div>
      <div className="creator-app__body">
        <h3 className="creator-app__title">
          <Link to={builderPath(app.appId, mode)}>{app.name}</Link>
        </h3>
        <div className="creator-app__chips">
          <TagChip tone={BUILD_TONE[app.build.status]}>{buildStatusLabel(app.build)}</TagChip>
          {app.isIdea && <TagChip tone="warning">Idea</TagChip>}
          {app.hasUnpublishedChanges ? (
            <TagChip tone="warning">Unpublished changes</TagChip>
          ) : (
            app.isPublished && <TagChip tone="success">Published</TagChip>
          )}
        </div>
        <p className="creator-app__meta muted">
          {app.lastOpenedAt ? `Last opened ${formatRelativeTime(app.lastOpenedAt, now)}` : 'Not opened yet'}
        </p>
        {app.isPublished && <LiveAppActions app={app} from="dashboard" />}
      </div>
    </article>
  );
}

function NoAppsYet() {
  return (
    <EmptyState title="No apps yet">
      <p className="muted">
        Describe an idea and we build the first draft of your app: blueprint, onboarding, landing page and image.
      </p>
      <Link to="/build" className={buttonClassName('primary')}>
        Build an app
      </Link>
    </EmptyState>
  );
}

/**
 * The creator's apps (spec: creator apps cached 30 s), with an empty state that leads to /build. With a
 * builder `mode` (pricing_tiers, publish), each app opens on that screen.
 */
export function CreatorAppsList({ max, mode }: { max?: number; mode?: string | null }) {
  const query = useQuery(creatorAppsQuery());
  if (query.isPending) return <LoadingState label="Loading your apps" />;
  // a failure already reads as an empty list (spec 8)
  const all = query.data ?? [];
  const apps = max ? all.slice(0, max) : all;
  if (apps.length === 0) return <NoAppsYet />;
  const now = new Date();
  return (
    <ul className="creator-apps" aria-label="Your apps">
      {apps.map((app) => (
        <li key={app.appId}>
          <AppCard app={app} now={now} mode={mode} />
        </li>
      ))}
    </ul>
  );
}

/** A dashboard section: the creator's apps and a way to build another. */
export function CreatorAppsSection({ max }: { max?: number }) {
  // members without apps (most of them) are answered by the light check (cached 15 s), not the list
  const hasAny = useQuery(creatorHasAnyAppQuery());
  return (
    <section className="dashboard__section" aria-labelledby="creator-apps-title">
      <div className="section__head">
        <h2 id="creator-apps-title" className="section-title">
          Your apps
        </h2>
        <Link to="/build" className="link-arrow">
          Build an app
        </Link>
      </div>
      {hasAny.isPending ? (
        <LoadingState label="Loading your apps" />
      ) : hasAny.data ? (
        <CreatorAppsList max={max} />
      ) : (
        <NoAppsYet />
      )}
    </section>
  );
}

import { Link, useNavigate, useSearchParams } from 'react-router';
import { BrainstormPanel, BuildWatch, buildWatchPath, IdeaStart } from '../../features/creator';
import { PageHeader, usePageTitle } from '../../ui';

/**
 * /build and /creator: start an app from an idea or from a brainstorm, then watch it build.
 * The address holds what is going on (the build's app and run, the brainstorm), so a reload
 * picks up where it was.
 */
export function BuildPage({ variant = 'build' }: { variant?: 'build' | 'creator' }) {
  const [params, setParams] = useSearchParams();
  const navigate = useNavigate();
  const appId = params.get('appId');
  const runId = params.get('runId');
  const brainstormId = params.get('brainstorm');
  const title = variant === 'creator' ? 'Creator studio' : 'Build an app';

  usePageTitle(title);

  const onStarted = ({ appId: id, runId: run }: { appId: string; runId: string }) => void navigate(buildWatchPath(id, run));

  if (appId && runId) {
    return (
      <div className="page page--narrow build-page">
        <PageHeader eyebrow="App builder" title="Your app’s build">
          <p>Each step appears as it finishes. You can leave this page: the build carries on and your dashboard shows it.</p>
        </PageHeader>
        <BuildWatch appId={appId} runId={runId} />
        <p>
          <Link to="/build" className="link-arrow">
            Start another app
          </Link>
        </p>
      </div>
    );
  }

  return (
    <div className="page build-page">
      <PageHeader eyebrow={variant === 'creator' ? 'For creators' : 'App builder'} title={title}>
        <p>
          Turn an idea into a mobile app with a blueprint, an onboarding flow, a landing page and an image — then edit it all.
        </p>
      </PageHeader>
      <div className="build-start">
        <IdeaStart onStarted={onStarted} />
        <BrainstormPanel
          brainstormId={brainstormId}
          onStarted={onStarted}
          onBrainstormId={(id) =>
            setParams(
              (current) => {
                const next = new URLSearchParams(current);
                if (id) next.set('brainstorm', id);
                else next.delete('brainstorm');
                return next;
              },
              { replace: !id },
            )
          }
        />
      </div>
      <p>
        <Link to="/dashboard" className="link-arrow">
          Your apps
        </Link>
      </p>
    </div>
  );
}

export function CreatorPage() {
  return <BuildPage variant="creator" />;
}

import { useQuery } from '@tanstack/react-query';
import { useContext } from 'react';
import { Link, useSearchParams } from 'react-router';
import { AuthContext } from '../../features/auth';
import { LoadingState, useSignInState } from '../../features/catalogue';
import { creatorAppsQuery, CreatorAppsList, BUILDER_MODES, Workspace } from '../../features/creator';
import { StorefrontSettings } from '../../features/storefronts';
import { Button, buttonClassName, PageHeader, usePageTitle } from '../../ui';

function SignInToBuild() {
  const auth = useContext(AuthContext);
  return (
    <section className="card sign-in-prompt" aria-labelledby="builder-sign-in">
      <p className="eyebrow">Creators</p>
      <h2 id="builder-sign-in">Sign in to open the builder</h2>
      <p className="muted">Your apps, their blueprints and landing pages live with your account.</p>
      <div className="row">
        <Button onClick={() => auth?.openAuthModal('Email')}>Sign in</Button>
        <Link to="/build" className={buttonClassName('secondary')}>
          Build an app
        </Link>
      </div>
    </section>
  );
}

function AppWorkspace({ appId }: { appId: string }) {
  const apps = useQuery(creatorAppsQuery());
  if (apps.isPending) return <LoadingState label="Opening your app" />;
  const app = apps.data?.find((a) => a.appId === appId);
  if (!app)
    return (
      <div className="state-box" role="alert">
        <h1 className="state-box__title">App not found</h1>
        <p className="muted">It is not one of your apps, or it no longer exists.</p>
        <div className="row">
          <Link to="/dashboard" className={buttonClassName('secondary')}>
            Your apps
          </Link>
          <Button variant="transparent" onClick={() => void apps.refetch()}>
            Look again
          </Button>
        </div>
      </div>
    );
  return <Workspace app={app} />;
}

/** /dashboard/builder?appId=…: the workspace of one app; without an app, the creator picks one. */
export function BuilderPage() {
  const [params] = useSearchParams();
  const appId = params.get('appId');
  const mode = params.get('mode');
  const signIn = useSignInState();

  // with an app open, the workspace says which
  usePageTitle(appId ? null : 'App builder');

  if (signIn === 'restoring')
    return (
      <div className="page">
        <LoadingState label="Signing you in" />
      </div>
    );
  if (signIn === 'signedOut')
    return (
      <div className="page page--narrow">
        <PageHeader eyebrow="Dashboard" title="App builder" />
        <SignInToBuild />
      </div>
    );
  if (appId)
    return (
      <div className="page builder-page">
        <AppWorkspace appId={appId} />
      </div>
    );
  return <AppPicker mode={mode} />;
}

/** /dashboard/builder without an app: the creator's apps; with ?mode=pricing_tiers or publish, each opens on that screen. */
export function AppPicker({ mode }: { mode: string | null }) {
  const apps = useQuery(creatorAppsQuery());
  const known = BUILDER_MODES.find((m) => m === mode) ?? null;
  return (
    <div className="page">
      <PageHeader eyebrow="Dashboard" title="App builder">
        <p>
          {known === 'pricing_tiers'
            ? 'Pick the app whose pricing you want to set.'
            : known === 'publish'
              ? 'Pick the app you want to publish; you see what goes live before anything changes.'
              : 'Pick an app to edit its blueprint and landing page, or build a new one.'}
        </p>
      </PageHeader>
      <CreatorAppsList mode={known} />
      {/* the empty state has its own way to /build */}
      {(apps.data?.length ?? 0) > 0 && (
        <p>
          <Link to="/build" className={buttonClassName('primary')}>
            Build an app
          </Link>
        </p>
      )}
      {!known && (apps.data?.length ?? 0) > 0 && <StorefrontSettings />}
    </div>
  );
}

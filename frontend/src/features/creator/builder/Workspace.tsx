import type { CreatorApp } from '@sparkhouse/contracts';
import { useQueryClient } from '@tanstack/react-query';
import { lazy, Suspense, useEffect, useRef, useState, type KeyboardEvent } from 'react';
import { useSearchParams } from 'react-router';
import { errorMessage } from '../../../api';
import { useJobRunLive } from '../../realtime';
import { LoadingState } from '../../catalogue';
import { usePageTitle, useToast } from '../../../ui';
import { AiSourceNote } from '../AiSourceNote';
import { BuildWatch } from '../BuildWatch';
import { creatorKeys, recordRecentlyOpened, useUpdateIsIdea } from '../creator.queries';
import { BlueprintTab } from './BlueprintTab';
import { LandingPageTab } from './LandingPageTab';
import { OnboardingTab } from './OnboardingTab';
import { PublishBar } from './PublishBar';
import { PublishedPanel } from '../LiveAppActions';
import { SimulatorTab } from './SimulatorTab';
import { useAppUpdates } from './useAppUpdates';
import { AppImageControl } from '../ai-assets/AppImageControl';

// loaded when first opened: uploads, players and previews are not needed to edit the documents
const MediaTab = lazy(() => import('./media/MediaTab'));
const LessonsTab = lazy(() => import('./lessons/LessonsTab'));
// the Insights and their charts load when first opened
const InsightsTab = lazy(() => import('../insights/InsightsTab'));

// the pricing and publish screens load when first opened
const PricingScreen = lazy(async () => ({ default: (await import('../pricing/PricingScreen')).PricingScreen }));
const PublishFlow = lazy(async () => ({ default: (await import('../publish/PublishFlow')).PublishFlow }));

/** Screens of the workspace besides the editors (spec 2: /dashboard/builder?mode=…). */
export const BUILDER_MODES = ['pricing_tiers', 'publish'] as const;
export type BuilderMode = (typeof BUILDER_MODES)[number];

const TABS = [
  { id: 'blueprint', label: 'Blueprint' },
  { id: 'landing-page', label: 'Landing page' },
  { id: 'onboarding', label: 'Onboarding' },
  { id: 'test', label: 'Test' },
  { id: 'media', label: 'Media' },
  { id: 'lessons', label: 'Lessons' },
  { id: 'insights', label: 'Insights' },
] as const;
type TabId = (typeof TABS)[number]['id'];

function IdeaSwitch({ app }: { app: CreatorApp }) {
  const update = useUpdateIsIdea(app.appId);
  const toast = useToast();
  const checked = update.isPending ? Boolean(update.variables) : app.isIdea;
  return (
    <label className="switch">
      <input
        type="checkbox"
        checked={checked}
        disabled={update.isPending}
        onChange={(e) =>
          update.mutate(e.target.checked, {
            onError: (error) => toast.show({ kind: 'error', title: 'Could not change it', message: errorMessage(error) }),
          })
        }
      />
      Keep as an idea
    </label>
  );
}

/**
 * Whether the app's latest build is running. Its end is pushed once its documents are stored (with
 * the consistency token useJobRunLive keeps), so the app read again then shows them.
 */
function useBuilding(app: CreatorApp): boolean {
  // followed even when the list says it ended: the list is cached, the run tells when it finished
  const live = useJobRunLive(app.build.runId);
  const queryClient = useQueryClient();
  const status = live.data?.status;

  useEffect(() => {
    if (status !== 'completed' && status !== 'failed' && status !== 'canceled') return;
    void queryClient.invalidateQueries({ queryKey: creatorKeys.app(app.appId) });
    void queryClient.invalidateQueries({ queryKey: creatorKeys.apps() });
  }, [status, app.appId, queryClient]);

  if (status === 'queued' || status === 'running') return true;
  return !status && (app.build.status === 'queued' || app.build.status === 'running');
}

/** The builder workspace of one app. */
export function Workspace({ app }: { app: CreatorApp }) {
  const [params, setParams] = useSearchParams();
  const tab: TabId = TABS.find((t) => t.id === params.get('tab'))?.id ?? 'blueprint';
  const mode = BUILDER_MODES.find((m) => m === params.get('mode')) ?? null;
  const toast = useToast();
  const [justPublished, setJustPublished] = useState(false);
  const building = useBuilding(app);
  useAppUpdates(app.appId);
  const tabRefs = useRef<(HTMLButtonElement | null)[]>([]);
  const opened = useRef<string | null>(null);
  const watchRunId = app.build.status === 'queued' || app.build.status === 'running' ? app.build.runId : null;

  useEffect(() => {
    if (opened.current === app.appId) return;
    opened.current = app.appId;
    void recordRecentlyOpened(app.appId);
  }, [app.appId]);

  // the workspace's title says the screen open over the editors (pricing, publish) as well
  usePageTitle(
    mode === 'pricing_tiers'
      ? `Pricing · ${app.name}`
      : mode === 'publish'
        ? `Publish · ${app.name}`
        : `${app.name} · App builder`,
  );

  // opens a screen (or, with null, goes back to the editors), dropping the payment page's return details
  const openMode = (next: BuilderMode | null) =>
    setParams((current) => {
      const kept = new URLSearchParams(current);
      for (const key of ['mode', 'payment_success', 'payment_canceled', 'tier']) kept.delete(key);
      if (next) kept.set('mode', next);
      return kept;
    });

  const select = (id: TabId) =>
    setParams(
      (current) => {
        const next = new URLSearchParams(current);
        next.set('tab', id);
        return next;
      },
      { replace: true },
    );

  // arrow keys move between tabs (WAI-ARIA tabs pattern)
  const onTabKey = (event: KeyboardEvent, index: number) => {
    const delta = event.key === 'ArrowRight' ? 1 : event.key === 'ArrowLeft' ? -1 : 0;
    if (!delta) return;
    event.preventDefault();
    const nextIndex = (index + delta + TABS.length) % TABS.length;
    select(TABS[nextIndex].id);
    tabRefs.current[nextIndex]?.focus();
  };

  return (
    <div className="builder">
      <div className="builder__bar">
        <div className="builder__bar-main">
          {app.appImage ? (
            <img className="builder__app-image" src={app.appImage.url} alt={`${app.name} app image`} width={72} height={72} />
          ) : (
            // no image yet: the app's initial holds its place until one is made
            <span className="builder__app-image builder__app-image--initial" aria-hidden="true">
              {[...app.name.trim()][0]?.toUpperCase() ?? ''}
            </span>
          )}
          <div>
            <p className="eyebrow">App builder</p>
            <h1>{app.name}</h1>
            <IdeaSwitch app={app} />
            <AiSourceNote />
            <AppImageControl appId={app.appId} appName={app.name} />
          </div>
        </div>
        <PublishBar
          app={app}
          appId={app.appId}
          isPublished={app.isPublished}
          onPricing={() => openMode('pricing_tiers')}
          onPublish={() => openMode('publish')}
        />
      </div>

      {watchRunId && <BuildWatch appId={app.appId} runId={watchRunId} autoOpen={false} />}

      {mode && (
        <Suspense fallback={<LoadingState label="Opening" />}>
          {mode === 'pricing_tiers' && <PricingScreen app={app} onDone={() => openMode(null)} />}
          {mode === 'publish' && (
            <PublishFlow
              app={app}
              onDone={(published) => {
                openMode(null);
                if (published) {
                  setJustPublished(true);
                  toast.show({ kind: 'success', message: 'Published. Visitors now see this version.' });
                }
              }}
            />
          )}
        </Suspense>
      )}

      {!mode && justPublished && <PublishedPanel app={app} onDismiss={() => setJustPublished(false)} />}

      {!mode && (
        <>
          <div className="builder__tabs" role="tablist" aria-label="Editors">
            {TABS.map((t, index) => (
              <button
                key={t.id}
                ref={(el) => {
                  tabRefs.current[index] = el;
                }}
                type="button"
                role="tab"
                id={`tab-${t.id}`}
                className="builder__tab"
                aria-selected={tab === t.id}
                aria-controls={`panel-${t.id}`}
                tabIndex={tab === t.id ? 0 : -1}
                onClick={() => select(t.id)}
                onKeyDown={(e) => onTabKey(e, index)}
              >
                {t.label}
              </button>
            ))}
          </div>
          <div role="tabpanel" id={`panel-${tab}`} aria-labelledby={`tab-${tab}`}>
            {tab === 'blueprint' && <BlueprintTab appId={app.appId} building={building} />}
            {tab === 'landing-page' && <LandingPageTab app={app} building={building} />}
            {tab === 'onboarding' && <OnboardingTab app={app} building={building} />}
            {tab === 'test' && <SimulatorTab app={app} />}
            {tab === 'media' && (
              <Suspense fallback={<LoadingState label="Opening the media library" />}>
                <MediaTab appId={app.appId} />
              </Suspense>
            )}
            {tab === 'lessons' && (
              <Suspense fallback={<LoadingState label="Opening the lessons" />}>
                <LessonsTab appId={app.appId} />
              </Suspense>
            )}
            {tab === 'insights' && (
              <Suspense fallback={<LoadingState label="Opening the Insights" />}>
                <InsightsTab appId={app.appId} />
              </Suspense>
            )}
          </div>
        </>
      )}
    </div>
  );
}

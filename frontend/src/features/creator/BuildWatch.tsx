import { useQuery } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { Link, useNavigate } from 'react-router';
import { useQueryClient } from '@tanstack/react-query';
import { errorMessage } from '../../api';
import { useJobRun } from '../../api/operations.queries';
import { buttonClassName, useToast } from '../../ui';
import { BuildProgress } from './BuildProgress';
import { creatorAppsQuery, creatorKeys, useBuildApp } from './creator.queries';

/** The builder's address for an app. */
export const builderPath = (appId: string, mode?: string | null) =>
  `/dashboard/builder?appId=${encodeURIComponent(appId)}${mode ? `&mode=${encodeURIComponent(mode)}` : ''}`;
/** The address that watches a build (reload-safe: both ids live in it). */
export const buildWatchPath = (appId: string, runId: string) =>
  `/build?appId=${encodeURIComponent(appId)}&runId=${encodeURIComponent(runId)}`;

/** After the build completes, the builder opens by itself after this pause (long enough to see every step done). */
export const OPEN_BUILDER_DELAY_MS = 1500;

/**
 * Watch one build of an app; when it completes the builder opens. A failed or canceled build can
 * be started again with the app's prompt. `autoOpen` false: the watch is shown inside the builder,
 * which needs no link to open itself.
 */
export function BuildWatch({ appId, runId, autoOpen = true }: { appId: string; runId: string; autoOpen?: boolean }) {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const toast = useToast();
  const run = useJobRun(runId);
  const apps = useQuery(creatorAppsQuery());
  const app = apps.data?.find((a) => a.appId === appId);
  const rebuild = useBuildApp();
  const status = run.data?.status;
  const seenLive = useRef(false);

  if (status === 'queued' || status === 'running') seenLive.current = true;

  useEffect(() => {
    if (status !== 'completed' && status !== 'failed' && status !== 'canceled') return;
    // the app list shows build states: refresh it now the run has ended
    void queryClient.invalidateQueries({ queryKey: creatorKeys.apps() });
    void queryClient.invalidateQueries({ queryKey: creatorKeys.app(appId) });
    if (status !== 'completed' || !autoOpen || !seenLive.current) return;
    const timer = setTimeout(() => void navigate(builderPath(appId)), OPEN_BUILDER_DELAY_MS);
    return () => clearTimeout(timer);
  }, [status, autoOpen, appId, navigate, queryClient]);

  const retry = () => {
    const prompt = app?.prompt?.trim();
    if (!prompt) {
      toast.show({
        kind: 'error',
        title: 'Could not start again',
        message: 'The idea this app was built from is not available.',
      });
      return;
    }
    rebuild.mutate(
      { appId, prompt, appIdea: app?.appIdea ?? undefined },
      {
        onSuccess: (started) => void navigate(buildWatchPath(started.appId, started.runId), { replace: true }),
        onError: (e) => toast.show({ kind: 'error', title: 'Could not start again', message: errorMessage(e) }),
      },
    );
  };

  return (
    <BuildProgress
      runId={runId}
      title={app ? `Building ${app.name}` : 'Building your app'}
      onRetry={retry}
      retrying={rebuild.isPending}
      completedActions={
        autoOpen
          ? () => (
              <Link to={builderPath(appId)} className={buttonClassName('primary', 'small')}>
                Open the builder
              </Link>
            )
          : undefined
      }
    />
  );
}

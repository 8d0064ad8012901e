import type {
  AppBlueprint,
  CallBody,
  CallResponse,
  CreatorApp,
  EditorSuggestions,
  LandingPageInfo,
  OnboardingFlow,
} from '@sparkhouse/contracts';
import { creatorApps, operations } from '../../api/routes';
import { infiniteQueryOptions, queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { callApi } from '../../api/call-api';
import { jobRunKeys } from '../../api/operations.queries';
import { callCreator } from './creator-api';
import { appListOrEmpty, orFallback, suggestionsOrDefault } from './fallbacks';

/** Spec 9: creator apps cached 30 s, creatorHasAny 15 s; version history pages of 20. */
export const CREATOR_APPS_STALE_MS = 30_000;
export const CREATOR_HAS_ANY_STALE_MS = 15_000;
export const VERSION_PAGE_SIZE = 20;
/** How often a brainstorm's status is polled while it runs. */
export const BRAINSTORM_POLL_MS = 1000;

export type BrainstormStatusView = CallResponse<typeof creatorApps.getBrainstormStatus>;
export type UnpublishedChanges = CallResponse<typeof creatorApps.checkUnpublishedChanges>;
export type EditorSuggestionsView = EditorSuggestions & { fallback: boolean };

/** Query keys of the creator studio: the one place that names its cache entries. */
export const creatorKeys = {
  all: ['creator'] as const,
  apps: () => [...creatorKeys.all, 'apps'] as const,
  hasAny: () => [...creatorKeys.all, 'has-any'] as const,
  app: (appId: string) => [...creatorKeys.all, 'app', appId] as const,
  blueprint: (appId: string) => [...creatorKeys.app(appId), 'blueprint'] as const,
  blueprintVersions: (appId: string) => [...creatorKeys.app(appId), 'blueprint-versions'] as const,
  onboarding: (appId: string) => [...creatorKeys.app(appId), 'onboarding'] as const,
  publishedOnboarding: (appId: string) => [...creatorKeys.app(appId), 'onboarding', 'published'] as const,
  onboardingVersions: (appId: string) => [...creatorKeys.app(appId), 'onboarding-versions'] as const,
  landingPage: (appId: string) => [...creatorKeys.app(appId), 'landing-page'] as const,
  landingPageVersions: (appId: string) => [...creatorKeys.app(appId), 'landing-page-versions'] as const,
  unpublished: (appId: string) => [...creatorKeys.app(appId), 'unpublished'] as const,
  suggestions: (appId: string) => [...creatorKeys.app(appId), 'suggestions'] as const,
  blueprintHelp: (appId: string) => [...creatorKeys.app(appId), 'blueprint-help'] as const,
  brainstorm: (brainstormId: string) => [...creatorKeys.all, 'brainstorm', brainstormId] as const,
  brainstormApps: (brainstormId: string) => [...creatorKeys.brainstorm(brainstormId), 'apps'] as const,
  buildDurations: () => [...creatorKeys.all, 'build-durations'] as const,
};

/** The job a build from an idea runs (its measured durations make the estimate). */
export const BUILD_APP_JOB = 'creator-apps.build-app';

/** How long builds take, measured over the last completed ones: the estimate the idea form states. */
export const buildDurationsQuery = () =>
  queryOptions({
    queryKey: creatorKeys.buildDurations(),
    queryFn: ({ signal }) => callApi(operations.getJobDurations, { params: { name: BUILD_APP_JOB }, signal }),
    staleTime: 60_000,
  });

// ---------------------------------------------------------------- apps

/** The creator's apps; a failure or an answer of unexpected shape is an empty list (spec 8). */
export const creatorAppsQuery = () =>
  queryOptions({
    queryKey: creatorKeys.apps(),
    queryFn: ({ signal }) =>
      orFallback(
        callCreator(creatorApps.getCreatorApps, { signal }).then((r) => appListOrEmpty<CreatorApp>(r?.apps)),
        [] as CreatorApp[],
        'getCreatorApps',
      ),
    staleTime: CREATOR_APPS_STALE_MS,
  });

/** Whether the creator has any app; false on failure (spec 8). */
export const creatorHasAnyAppQuery = () =>
  queryOptions({
    queryKey: creatorKeys.hasAny(),
    queryFn: ({ signal }) =>
      orFallback(
        callCreator(creatorApps.creatorHasAnyApp, { signal }).then((r) => r.hasAny === true),
        false,
        'creatorHasAnyApp',
      ),
    staleTime: CREATOR_HAS_ANY_STALE_MS,
  });

// ---------------------------------------------------------------- documents

export const blueprintQuery = (appId: string) =>
  queryOptions({
    queryKey: creatorKeys.blueprint(appId),
    queryFn: ({ signal }) => callCreator(creatorApps.getBlueprintForApp, { query: { appId }, signal }),
  });

export const blueprintVersionsQuery = (appId: string) =>
  infiniteQueryOptions({
    queryKey: creatorKeys.blueprintVersions(appId),
    queryFn: ({ pageParam, signal }) =>
      callCreator(creatorApps.getBlueprintVersionHistoryPaginated, {
        query: { appId, limit: VERSION_PAGE_SIZE, cursor: pageParam ?? undefined },
        signal,
      }),
    initialPageParam: null as string | null,
    getNextPageParam: (last) => (last.hasMore ? last.nextCursor : null),
  });

/** The flow as its owner edits it: the draft, or the default one derived from the blueprint (isDefault). */
export const onboardingFlowQuery = (app: Pick<CreatorApp, 'appId' | 'storefrontSlug' | 'appSlug'>) =>
  queryOptions({
    queryKey: creatorKeys.onboarding(app.appId),
    queryFn: ({ signal }) =>
      callCreator(creatorApps.getAppOnboardingFlow, {
        params: { storefrontSlug: app.storefrontSlug, appSlug: app.appSlug },
        signal,
      }),
  });

/** The flow visitors meet (what was last published), for the simulator's published run. */
export const publishedOnboardingFlowQuery = (app: Pick<CreatorApp, 'appId' | 'storefrontSlug' | 'appSlug'>) =>
  queryOptions({
    queryKey: creatorKeys.publishedOnboarding(app.appId),
    queryFn: ({ signal }) =>
      callCreator(creatorApps.getAppOnboardingFlow, {
        params: { storefrontSlug: app.storefrontSlug, appSlug: app.appSlug },
        query: { version: 'published' },
        signal,
      }),
  });

export const onboardingFlowVersionsQuery = (appId: string) =>
  infiniteQueryOptions({
    queryKey: creatorKeys.onboardingVersions(appId),
    queryFn: ({ pageParam, signal }) =>
      callCreator(creatorApps.getOnboardingFlowVersionHistoryPaginated, {
        query: { appId, limit: VERSION_PAGE_SIZE, cursor: pageParam ?? undefined },
        signal,
      }),
    initialPageParam: null as string | null,
    getNextPageParam: (last) => (last.hasMore ? last.nextCursor : null),
  });

export const landingPageQuery = (app: Pick<CreatorApp, 'appId' | 'storefrontSlug' | 'appSlug'>) =>
  queryOptions({
    queryKey: creatorKeys.landingPage(app.appId),
    queryFn: ({ signal }) =>
      callCreator(creatorApps.getAppLandingPageInfoBySlug, {
        params: { storefrontSlug: app.storefrontSlug, appSlug: app.appSlug },
        signal,
      }),
  });

export const landingPageVersionsQuery = (appId: string) =>
  queryOptions({
    queryKey: creatorKeys.landingPageVersions(appId),
    queryFn: ({ signal }) => callCreator(creatorApps.getLandingPageVersionHistory, { query: { appId }, signal }),
  });

export const unpublishedChangesQuery = (appId: string) =>
  queryOptions({
    queryKey: creatorKeys.unpublished(appId),
    queryFn: ({ signal }) => callCreator(creatorApps.checkUnpublishedChanges, { params: { appId }, signal }),
  });

/** The plus button's sections; the built-in Suggested, Stories and Activities on any failure (spec 8). */
export const editorSuggestionsQuery = (appId: string, context: Record<string, unknown>) =>
  queryOptions({
    queryKey: [...creatorKeys.suggestions(appId), context] as const,
    queryFn: async ({ signal }): Promise<EditorSuggestionsView> =>
      orFallback(
        callCreator(creatorApps.getEditorPlusButtonSuggestions, { query: { appId }, body: { context }, signal }).then((r) => {
          const checked = suggestionsOrDefault(r);
          return { ...checked, fallback: r.fallback || checked.sections !== r.sections };
        }),
        () => ({ ...suggestionsOrDefault(null), fallback: true }),
        'getEditorPlusButtonSuggestions',
      ),
    staleTime: 5 * 60_000,
  });

// ---------------------------------------------------------------- brainstorms

export const isBrainstormSettled = (status: BrainstormStatusView['status'] | undefined) =>
  status === 'completed' || status === 'failed' || status === 'canceled';

/** Polled while the brainstorm runs (spec 4: its status is polled). */
export const brainstormStatusQuery = (brainstormId: string) =>
  queryOptions({
    queryKey: creatorKeys.brainstorm(brainstormId),
    queryFn: ({ signal }) => callCreator(creatorApps.getBrainstormStatus, { query: { brainstormId }, signal }),
    refetchInterval: (query) => (isBrainstormSettled(query.state.data?.status) ? false : BRAINSTORM_POLL_MS),
  });

export const brainstormAppsQuery = (brainstormId: string) =>
  queryOptions({
    queryKey: creatorKeys.brainstormApps(brainstormId),
    queryFn: ({ signal }) => callCreator(creatorApps.getBrainstormApps, { query: { brainstormId }, signal }),
    staleTime: Infinity,
  });

// ---------------------------------------------------------------- changes

type BuildBody = CallBody<typeof creatorApps.buildApp>;

/** The server keeps an unpublished-changes answer this long (spec 9: 5 s per app). */
export const UNPUBLISHED_SERVER_CACHE_MS = 5000;

/**
 * Everything that lists apps or describes one app: refreshed after a change. The unpublished-changes
 * answer is asked for again once the server's 5 s cache of it has run out, so an answer computed
 * just before the change does not stay on screen.
 */
function useRefreshApp() {
  const queryClient = useQueryClient();
  return (appId?: string) => {
    if (appId)
      setTimeout(
        () => void queryClient.invalidateQueries({ queryKey: creatorKeys.unpublished(appId) }),
        UNPUBLISHED_SERVER_CACHE_MS + 500,
      );
    return Promise.all([
      queryClient.invalidateQueries({ queryKey: creatorKeys.apps() }),
      queryClient.invalidateQueries({ queryKey: creatorKeys.hasAny() }),
      appId ? queryClient.invalidateQueries({ queryKey: creatorKeys.unpublished(appId) }) : undefined,
    ]);
  };
}

export function useBuildApp() {
  const refresh = useRefreshApp();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: BuildBody) => callCreator(creatorApps.buildApp, { body }),
    onSuccess: ({ appId }) => {
      void queryClient.invalidateQueries({ queryKey: jobRunKeys.lists() });
      return refresh(appId);
    },
  });
}

export function useBuildBrainstorm() {
  return useMutation({
    mutationFn: (prompt: string) => callCreator(creatorApps.buildBrainstorm, { body: { prompt } }),
  });
}

export function useUpdateBlueprint(appId: string) {
  const queryClient = useQueryClient();
  const refresh = useRefreshApp();
  return useMutation({
    mutationFn: (blueprint: AppBlueprint) => callCreator(creatorApps.updateBlueprint, { body: { appId, blueprint } }),
    onSuccess: ({ version }) => {
      queryClient.setQueryData(creatorKeys.blueprint(appId), { appId, blueprint: version.content, versionId: version.versionId });
      return Promise.all([queryClient.invalidateQueries({ queryKey: creatorKeys.blueprintVersions(appId) }), refresh(appId)]);
    },
  });
}

export function useRestoreBlueprintVersion(appId: string) {
  const queryClient = useQueryClient();
  const refresh = useRefreshApp();
  return useMutation({
    mutationFn: (versionId: string) => callCreator(creatorApps.restoreBlueprintVersion, { body: { appId, versionId } }),
    onSuccess: ({ version }) => {
      queryClient.setQueryData(creatorKeys.blueprint(appId), { appId, blueprint: version.content, versionId: version.versionId });
      return Promise.all([queryClient.invalidateQueries({ queryKey: creatorKeys.blueprintVersions(appId) }), refresh(appId)]);
    },
  });
}

function useLandingPageSaved(appId: string) {
  const queryClient = useQueryClient();
  const refresh = useRefreshApp();
  return ({ version }: { version: { content: LandingPageInfo } }) => {
    queryClient.setQueryData(creatorKeys.landingPage(appId), { appId, landingPageInfo: version.content });
    return Promise.all([queryClient.invalidateQueries({ queryKey: creatorKeys.landingPageVersions(appId) }), refresh(appId)]);
  };
}

export function useSaveLandingPage(appId: string) {
  const onSuccess = useLandingPageSaved(appId);
  return useMutation({
    mutationFn: (landingPageInfo: LandingPageInfo) =>
      callCreator(creatorApps.saveAppLandingPageInfo, { body: { appId, landingPageInfo } }),
    onSuccess,
  });
}

export function useRestoreLandingPageVersion(appId: string) {
  const onSuccess = useLandingPageSaved(appId);
  return useMutation({
    mutationFn: (versionId: string) => callCreator(creatorApps.restoreLandingPageVersion, { body: { appId, versionId } }),
    onSuccess,
  });
}

function useOnboardingFlowSaved(appId: string) {
  const queryClient = useQueryClient();
  const refresh = useRefreshApp();
  return () =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: creatorKeys.onboarding(appId) }),
      queryClient.invalidateQueries({ queryKey: creatorKeys.onboardingVersions(appId) }),
      refresh(appId),
    ]);
}

export function useSaveOnboardingFlow(appId: string) {
  const onSuccess = useOnboardingFlowSaved(appId);
  return useMutation({
    mutationFn: (onboardingFlow: OnboardingFlow) =>
      callCreator(creatorApps.saveAppOnboardingFlowV2, { body: { appId, onboardingFlow } }),
    onSuccess,
  });
}

export function useRestoreOnboardingFlowVersion(appId: string) {
  const onSuccess = useOnboardingFlowSaved(appId);
  return useMutation({
    mutationFn: (versionId: string) =>
      callCreator(creatorApps.restoreOnboardingFlowVersion, { body: { app_id: appId, version_id: versionId } }),
    onSuccess,
  });
}

export function useEditLandingPage(appId: string) {
  return useMutation({
    mutationFn: (instruction: string) => callCreator(creatorApps.editLandingPage, { body: { appId, instruction } }),
  });
}

export function usePublishApp(appId: string) {
  const queryClient = useQueryClient();
  const refresh = useRefreshApp();
  return useMutation({
    mutationFn: () => callCreator(creatorApps.publishApp, { params: { appId }, body: {} }),
    onSuccess: () =>
      Promise.all([
        refresh(appId),
        queryClient.invalidateQueries({ queryKey: creatorKeys.blueprintVersions(appId) }),
        queryClient.invalidateQueries({ queryKey: creatorKeys.landingPageVersions(appId) }),
        queryClient.invalidateQueries({ queryKey: creatorKeys.onboardingVersions(appId) }),
        queryClient.invalidateQueries({ queryKey: creatorKeys.publishedOnboarding(appId) }),
      ]),
  });
}

/** The isIdea switch rethrows on failure (spec 8): the caller shows the error and the switch goes back. */
export function useUpdateIsIdea(appId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (isIdea: boolean) => callCreator(creatorApps.updateAppIsIdea, { body: { appId, isIdea } }),
    onSuccess: ({ app }) => {
      queryClient.setQueryData<CreatorApp[]>(creatorKeys.apps(), (apps) => apps?.map((a) => (a.appId === app.appId ? app : a)));
      return queryClient.invalidateQueries({ queryKey: creatorKeys.apps() });
    },
  });
}

/** Recorded when the builder opens an app; a failure answers null (spec 8) and is not shown. */
export function recordRecentlyOpened(appId: string): Promise<{ appId: string; lastOpenedAt: string } | null> {
  return orFallback(callCreator(creatorApps.updateRecentlyOpened, { query: { appId } }), null, 'updateRecentlyOpened');
}

import {
  AppBuildRequested,
  AppBuildResultRejected,
  AppBuildResultStored,
  AppCreated,
  AppDetailsChanged,
  AppDocumentVersionAdded,
  AppImageGenerated,
  AppIsIdeaChanged,
  AppOpened,
  AppPublished,
  AppThemeChanged,
  LandingPageEditRequested,
  type AppDocument,
  type EventPayload,
} from '@sparkhouse/contracts';
import type { DocumentVersion, VersionHistory } from './document-versions';
import { provisionalAppName } from './slugs';
import type { AppContent } from './unpublished-changes';

type P<D> = EventPayload<D>;
export type Json = Record<string, unknown>;
export type Theme = P<typeof AppThemeChanged>['theme'];

export const APP_DOCUMENTS: readonly AppDocument[] = ['blueprint', 'landing-page', 'onboarding-flow'];
export const appStreamId = (appId: string) => `app-${appId}`;
export const brainstormStreamId = (brainstormId: string) => `brainstorm-${brainstormId}`;
export const exampleStreamId = (exampleId: string) => `blueprint-example-${exampleId}`;

export interface PublishedState {
  readonly versions: Record<AppDocument, string | null>;
  readonly theme: Theme | null;
  readonly canvasSettings: Json | null;
  readonly publishedAt: string;
}

/** An app as its own stream tells it: the write side decides from this, never from read models. */
export interface AppState {
  readonly appId: string;
  readonly ownerId: string;
  name: string;
  /** The name is still the provisional one taken from the prompt (a build may replace it). */
  autoNamed: boolean;
  readonly storefrontSlug: string;
  readonly appSlug: string;
  isIdea: boolean;
  readonly prompt: string;
  appIdea: string | null;
  canvasSettings: Json | null;
  theme: Theme | null;
  image: { url: string; width: number; height: number; generatedBy: string } | null;
  histories: Record<AppDocument, VersionHistory<Json>>;
  published: PublishedState | null;
  /** Runs asked for by this app (builds, landing-page edits). */
  requestedRuns: Set<string>;
  /** Runs whose results are stored: a redelivered completion stores nothing twice. */
  storedRuns: Set<string>;
  /** Events in the stream: the expected version of the next append. */
  version: number;
}

interface FoldableEvent {
  readonly type: string;
  readonly payload: unknown;
  readonly metadata: { readonly occurredAt: string; readonly actor: string };
}

/** Folds an app stream (onto `from`, which it changes, when given); null when the app does not exist. */
export function foldApp(events: readonly FoldableEvent[], from: AppState | null = null): AppState | null {
  let s: AppState | null = from;
  for (const e of events) {
    if (e.type === AppCreated.type) {
      const p = e.payload as P<typeof AppCreated>;
      s = {
        appId: p.appId,
        ownerId: p.ownerId,
        name: p.name,
        autoNamed: p.prompt !== '' && p.name === provisionalAppName(p.prompt),
        storefrontSlug: p.storefrontSlug,
        appSlug: p.appSlug,
        isIdea: p.isIdea,
        prompt: p.prompt,
        appIdea: null,
        canvasSettings: null,
        theme: null,
        image: null,
        histories: {
          blueprint: { kind: 'blueprint', versions: [] },
          'landing-page': { kind: 'landing-page', versions: [] },
          'onboarding-flow': { kind: 'onboarding-flow', versions: [] },
        },
        published: null,
        requestedRuns: new Set(),
        storedRuns: new Set(),
        version: 0,
      };
    }
    if (!s) continue;
    s.version += 1;
    applyTo(s, e);
  }
  return s;
}

function applyTo(s: AppState, e: FoldableEvent) {
  switch (e.type) {
    case AppDetailsChanged.type: {
      const p = e.payload as P<typeof AppDetailsChanged>;
      if (p.name !== undefined) {
        s.name = p.name;
        s.autoNamed = false;
      }
      if (p.appIdea !== undefined) s.appIdea = p.appIdea;
      if (p.canvasSettings !== undefined) s.canvasSettings = p.canvasSettings;
      return;
    }
    case AppIsIdeaChanged.type:
      s.isIdea = (e.payload as P<typeof AppIsIdeaChanged>).isIdea;
      return;
    case AppThemeChanged.type:
      s.theme = (e.payload as P<typeof AppThemeChanged>).theme;
      return;
    case AppDocumentVersionAdded.type: {
      const p = e.payload as P<typeof AppDocumentVersionAdded>;
      const version: DocumentVersion<Json> = {
        versionId: p.versionId,
        number: p.number,
        content: p.content,
        createdAt: e.metadata.occurredAt,
        createdBy: e.metadata.actor,
        reason: p.reason,
        ...(p.restoredFrom ? { restoredFrom: p.restoredFrom } : {}),
      };
      const h = s.histories[p.document];
      s.histories[p.document] = { kind: h.kind, versions: [...h.versions, version] };
      if (p.runId) s.storedRuns.add(p.runId);
      return;
    }
    case AppImageGenerated.type: {
      const p = e.payload as P<typeof AppImageGenerated>;
      s.image = { url: p.url, width: p.width, height: p.height, generatedBy: p.generatedBy };
      return;
    }
    case AppBuildRequested.type:
      s.requestedRuns.add((e.payload as P<typeof AppBuildRequested>).runId);
      return;
    case LandingPageEditRequested.type:
      s.requestedRuns.add((e.payload as P<typeof LandingPageEditRequested>).runId);
      return;
    case AppBuildResultStored.type:
      s.storedRuns.add((e.payload as P<typeof AppBuildResultStored>).runId);
      return;
    case AppBuildResultRejected.type:
      // settled: a redelivered completion neither stores nor rejects it again
      s.storedRuns.add((e.payload as P<typeof AppBuildResultRejected>).runId);
      return;
    case AppPublished.type: {
      const p = e.payload as P<typeof AppPublished>;
      s.published = { versions: p.versions, theme: p.theme, canvasSettings: p.canvasSettings, publishedAt: p.publishedAt };
      return;
    }
    case AppOpened.type:
    default:
      return;
  }
}

const currentContent = (h: VersionHistory<Json>): Json | null => h.versions[h.versions.length - 1]?.content ?? null;

/** The drafts, as the unpublished-changes rule compares them. */
export function draftContent(s: Pick<AppState, 'histories' | 'theme' | 'canvasSettings'>): AppContent {
  return {
    blueprint: currentContent(s.histories.blueprint),
    landingPage: currentContent(s.histories['landing-page']) as AppContent['landingPage'],
    onboardingFlow: currentContent(s.histories['onboarding-flow']),
    theme: s.theme,
    canvasSettings: s.canvasSettings,
  };
}

/** What publishing made live, or null for an app never published. */
export function publishedContent(s: Pick<AppState, 'histories' | 'published'>): AppContent | null {
  if (!s.published) return null;
  const pick = (d: AppDocument) => {
    const id = s.published!.versions[d];
    return id ? (s.histories[d].versions.find((v) => v.versionId === id)?.content ?? null) : null;
  };
  return {
    blueprint: pick('blueprint'),
    landingPage: pick('landing-page') as AppContent['landingPage'],
    onboardingFlow: pick('onboarding-flow'),
    theme: s.published.theme,
    canvasSettings: s.published.canvasSettings,
  };
}

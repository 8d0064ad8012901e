import { type AppDocument, type EventType, type PayloadOf, type StoredEvent } from '@sparkhouse/contracts';
import { notFound } from '../../../platform/http/errors';
import type { DocumentVersion, VersionHistory } from './document-versions';
import { provisionalAppName } from './slugs';
import type { AppContent } from './unpublished-changes';

export type Json = Record<string, unknown>;
export type Theme = PayloadOf<'AppThemeChanged'>['theme'];

export const NO_SUCH_APP = 'No such app.';

/** The app a command decides on; none (an unknown app, or someone else's) answers 404. */
export function existingApp(app: AppState | null): AppState {
  if (!app) throw notFound(NO_SUCH_APP);
  return app;
}

/** What an app-changing command answers: the app and the stream version a read must reach to show the change. */
export interface AppChanged {
  appId: string;
  version: number;
}

export const APP_DOCUMENTS: readonly AppDocument[] = ['blueprint', 'landing-page', 'onboarding-flow'];
export const appStreamId = (appId: string) => `app-${appId}`;
export const brainstormStreamId = (brainstormId: string) => `brainstorm-${brainstormId}`;
export const exampleStreamId = (exampleId: string) => `blueprint-example-${exampleId}`;

export interface AppAddress {
  readonly storefrontSlug: string;
  readonly appSlug: string;
}

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
  /** The app's key (AppCreated's slugs): its plans and subscriptions are filed under it, it never moves. */
  storefrontSlug: string;
  appSlug: string;
  /** Where the app is now (/apps/{storefrontSlug}/{appSlug}); starts at its key, moves with its name. */
  address: AppAddress;
  /** The share picture made for each publication (by its publishedAt). */
  shareImages: Record<string, string>;
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
  readonly metadata: Pick<StoredEvent['metadata'], 'occurredAt' | 'actor'>;
}

/** The facts of an app's stream. */
const APP_FACTS = [
  'AppCreated',
  'AppDetailsChanged',
  'AppIsIdeaChanged',
  'AppThemeChanged',
  'AppOpened',
  'AppDocumentVersionAdded',
  'AppImageGenerated',
  'AppBuildRequested',
  'LandingPageEditRequested',
  'AppBuildResultStored',
  'AppBuildResultRejected',
  'AppPublished',
  'AppAddressChanged',
  'AppShareImageGenerated',
] as const satisfies readonly EventType[];
type AppFactType = (typeof APP_FACTS)[number];
/** One of an app's facts, its payload typed by its contract. */
type AppFact = { [K in AppFactType]: FoldableEvent & { readonly type: K; readonly payload: PayloadOf<K> } }[AppFactType];
const isAppFact = (e: FoldableEvent): e is AppFact => (APP_FACTS as readonly string[]).includes(e.type);

/** Folds an app stream (onto `from`, which it changes, when given); null when the app does not exist. */
export function foldApp(events: readonly FoldableEvent[], from: AppState | null = null): AppState | null {
  let s: AppState | null = from;
  for (const e of events) {
    if (isAppFact(e) && e.type === 'AppCreated') {
      const p = e.payload;
      s = {
        appId: p.appId,
        ownerId: p.ownerId,
        name: p.name,
        autoNamed: p.prompt !== '' && p.name === provisionalAppName(p.prompt),
        storefrontSlug: p.storefrontSlug,
        appSlug: p.appSlug,
        address: { storefrontSlug: p.storefrontSlug, appSlug: p.appSlug },
        shareImages: {},
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
    if (isAppFact(e)) applyTo(s, e);
  }
  return s;
}

function applyTo(s: AppState, e: AppFact) {
  switch (e.type) {
    case 'AppDetailsChanged': {
      const p = e.payload;
      if (p.name !== undefined) {
        s.name = p.name;
        s.autoNamed = false;
      }
      if (p.appIdea !== undefined) s.appIdea = p.appIdea;
      if (p.canvasSettings !== undefined) s.canvasSettings = p.canvasSettings;
      return;
    }
    case 'AppIsIdeaChanged':
      s.isIdea = e.payload.isIdea;
      return;
    case 'AppThemeChanged':
      s.theme = e.payload.theme;
      return;
    case 'AppDocumentVersionAdded': {
      const p = e.payload;
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
    case 'AppImageGenerated': {
      const p = e.payload;
      s.image = { url: p.url, width: p.width, height: p.height, generatedBy: p.generatedBy };
      return;
    }
    case 'AppBuildRequested':
      s.requestedRuns.add(e.payload.runId);
      return;
    case 'LandingPageEditRequested':
      s.requestedRuns.add(e.payload.runId);
      return;
    case 'AppBuildResultStored':
      s.storedRuns.add(e.payload.runId);
      return;
    case 'AppBuildResultRejected':
      // settled: a redelivered completion neither stores nor rejects it again
      s.storedRuns.add(e.payload.runId);
      return;
    case 'AppPublished': {
      const p = e.payload;
      s.published = { versions: p.versions, theme: p.theme, canvasSettings: p.canvasSettings, publishedAt: p.publishedAt };
      return;
    }
    case 'AppAddressChanged':
      s.address = { storefrontSlug: e.payload.storefrontSlug, appSlug: e.payload.appSlug };
      if (e.payload.rekeyed) {
        s.storefrontSlug = e.payload.storefrontSlug;
        s.appSlug = e.payload.appSlug;
      }
      return;
    case 'AppShareImageGenerated':
      s.shareImages = { ...s.shareImages, [e.payload.publishedAt]: e.payload.url };
      return;
    case 'AppOpened':
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

/**
 * What the API process and the web app's server bundle (frontend/src/entry-server.tsx) agree on when a
 * page is rendered on the server: the API reads the answers the page shows first, the bundle renders
 * the page with them, and the browser's first render starts from the same answers.
 */

/** Answers of the API's calls, by call id (e.g. getHomeContent), exactly as the call would answer them. */
export type ServerRenderAnswers = Readonly<Record<string, unknown>>;

export interface ServerRenderedPage {
  /** The markup of the page, to put in the root element. */
  html: string;
  /** The query cache the markup was rendered from, for the browser's first render (JSON). */
  state: unknown;
  /**
   * The page's own code modules (source paths as the client build's manifest names them, e.g.
   * `src/routes/classes/ClassPage.tsx`): their stylesheets go into the page with it.
   */
  modules?: readonly string[];
  /** The analytics events the app records on arriving at this page (see ARRIVAL_EVENTS_ELEMENT_ID). */
  arrival?: ArrivalEvents;
}

/** The server bundle's export: null for a page it does not render on the server. */
export type RenderPage = (path: string, answers: ServerRenderAnswers) => Promise<ServerRenderedPage | null>;

/** The element holding `state` in the page (a JSON data block: no script runs). */
export const SERVER_STATE_ELEMENT_ID = 'sparkhouse-state';

/**
 * The element naming the app's scripts on a rendered page (a JSON data block: `{ entry, preload }`). The
 * page is sent without them: theme-init.js (frontend/public, which repeats this id) asks for them once
 * the page's first picture has painted, so the page's largest paint waits for no script.
 */
export const APP_SCRIPTS_ELEMENT_ID = 'sparkhouse-app-scripts';

/** What the APP_SCRIPTS_ELEMENT_ID block holds: the app's entry module and the modules it imports at once. */
export interface AppScripts {
  entry: string;
  preload: readonly string[];
}

/**
 * The element holding, on a rendered page, the analytics events the app records on arriving at it
 * (a JSON data block: ArrivalEvents). A visitor who leaves before the app started would otherwise record
 * none: theme-init.js (which repeats this id) sends those the app has not recorded itself when the page
 * is hidden, and marks them sent on the element (`data-sent`, their indexes); the app marks those it
 * records itself (`data-taken`) and records none the page already sent (features/analytics/arrival.ts).
 */
export const ARRIVAL_EVENTS_ELEMENT_ID = 'sparkhouse-arrival';

/** One arrival event: as the app's analytics client records it, less what only the browser knows. */
export interface ArrivalEvent {
  event_type: string;
  /** For 'Page Viewed' only its route: theme-init.js adds path, search, title and referrer as the app does. */
  event_properties: Record<string, unknown>;
}

export interface ArrivalEvents {
  /** Where the app uploads (the recordAnalytics call) and under which API key. */
  url: string;
  api_key: string;
  /** Query parameters whose value never leaves the browser (sent as 'redacted'). */
  redact: readonly string[];
  events: readonly ArrivalEvent[];
}

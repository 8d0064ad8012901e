import { hydrate, type DehydratedState, type QueryClient } from '@tanstack/react-query';
import { SERVER_STATE_ELEMENT_ID } from '@sparkhouse/contracts/server-render';

/** How long the answers a page was rendered from count as fresh in the browser. */
export const SERVER_ANSWERS_FRESH_MS = 30_000;

/** Longest the app waits for a rendered page's pictures before it renders anyway. */
export const PICTURE_WAIT_MS = 3000;

/**
 * A page the API rendered (the home page) comes with the answers it was rendered from: they go into
 * the query cache, so the app's first render shows what the HTML already painted instead of loading
 * it again. True when the page was rendered by the API.
 */
export function takeServerState(queryClient: QueryClient, doc: Document = document): boolean {
  const block = doc.getElementById(SERVER_STATE_ELEMENT_ID);
  if (!block?.textContent) return false;
  try {
    const state = JSON.parse(block.textContent) as DehydratedState;
    // the API read these answers for this very request (it keeps a rendered page only while they are
    // unchanged, and a revalidated copy is the same page): they are as fresh as a fetch made now
    const now = Date.now();
    for (const query of state.queries) query.state.dataUpdatedAt = now;
    hydrate(queryClient, state);
    // and the page's first render must not load them again (a class page's query is otherwise stale at once)
    for (const query of state.queries) queryClient.setQueryDefaults(query.queryKey, { staleTime: SERVER_ANSWERS_FRESH_MS });
    return true;
  } catch {
    return false; // unreadable: the page loads its data as any other
  }
}

/**
 * Resolves once the pictures of the page the API rendered are decoded and painted (or after
 * PICTURE_WAIT_MS): replacing them before would show the page without them until the app's own
 * copies are decoded.
 */
export function renderedPicturesShown(root: HTMLElement, waitMs = PICTURE_WAIT_MS): Promise<void> {
  const pictures = [...root.querySelectorAll('img')].filter((img) => img.getAttribute('loading') !== 'lazy');
  const decoded = Promise.all(pictures.map((img) => img.decode().catch(() => undefined)));
  const limit = new Promise((resolve) => setTimeout(resolve, waitMs));
  // a frame's callbacks run before it is painted; the next frame's, once it was
  const painted = () => new Promise<void>((resolve) => requestAnimationFrame(() => requestAnimationFrame(() => resolve())));
  return Promise.race([decoded, limit]).then(painted);
}

import { dehydrate, QueryClient } from '@tanstack/react-query';
import { SERVER_STATE_ELEMENT_ID } from '@sparkhouse/contracts/server-render';
import { renderedPicturesShown, SERVER_ANSWERS_FRESH_MS, takeServerState } from './server-rendered';

function pageWith(stateText: string | null): Document {
  const doc = document.implementation.createHTMLDocument();
  doc.body.innerHTML = '<div id="root"></div>';
  if (stateText !== null) {
    const block = doc.createElement('script');
    block.type = 'application/json';
    block.id = SERVER_STATE_ELEMENT_ID;
    block.textContent = stateText;
    doc.body.append(block);
  }
  return doc;
}

describe('a page the API rendered', () => {
  it('hands the answers it was rendered from to the query cache', () => {
    const server = new QueryClient();
    // rendered a while ago from answers that have not changed since
    server.setQueryData(['catalogue', 'home'], { hero: { title: 'Learn' } }, { updatedAt: Date.now() - 3_600_000 });
    const client = new QueryClient();
    expect(takeServerState(client, pageWith(JSON.stringify(dehydrate(server))))).toBe(true);
    expect(client.getQueryData(['catalogue', 'home'])).toEqual({ hero: { title: 'Learn' } });
    expect(client.getQueryState(['catalogue', 'home'])!.dataUpdatedAt).toBeGreaterThan(Date.now() - 60_000);
  });

  it('keeps the answers fresh for the first render, so a page with no freshness of its own does not load them again', () => {
    const server = new QueryClient();
    server.setQueryData(['catalogue', 'class', 'ana', 'piano'], { product: { title: 'Piano' } });
    const client = new QueryClient();
    takeServerState(client, pageWith(JSON.stringify(dehydrate(server))));
    expect(client.getQueryDefaults(['catalogue', 'class', 'ana', 'piano']).staleTime).toBe(SERVER_ANSWERS_FRESH_MS);
    // other pages' queries keep their own rules
    expect(client.getQueryDefaults(['catalogue', 'class', 'bo', 'drums']).staleTime).toBeUndefined();
  });

  it('leaves the cache empty for a page rendered in the browser only, or unreadable state', () => {
    for (const doc of [pageWith(null), pageWith('{not json')]) {
      const client = new QueryClient();
      expect(takeServerState(client, doc)).toBe(false);
      expect(client.getQueryCache().getAll()).toHaveLength(0);
    }
  });

  it('waits for its pictures to be decoded, and no longer than its limit', async () => {
    const root = document.createElement('div');
    root.innerHTML = '<img src="/a.webp"><img src="/b.webp" loading="lazy">';
    const [eager, lazy] = [...root.querySelectorAll('img')];
    let decode!: () => void;
    eager.decode = () => new Promise<void>((resolve) => (decode = resolve));
    lazy.decode = () => new Promise<void>(() => undefined); // never: a lazy picture is not waited for
    let shown = false;
    const waiting = renderedPicturesShown(root, 60_000).then(() => (shown = true));
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(shown).toBe(false);
    decode();
    await waiting;
    expect(shown).toBe(true);

    const stuck = document.createElement('div');
    stuck.innerHTML = '<img src="/c.webp">';
    stuck.querySelector('img')!.decode = () => new Promise<void>(() => undefined);
    await expect(renderedPicturesShown(stuck, 20)).resolves.toBeUndefined();
  });
});

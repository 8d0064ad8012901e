import '../../catalogue/testing/dom-polyfills';
import type { AppBlueprint } from '@sparkhouse/contracts';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { fireEvent, render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { setAccessToken } from '../../../api/token-store';
import { ToastProvider } from '../../../ui';
import { BlueprintTab } from './BlueprintTab';
import { NEWER_VERSION_TEXT } from './DraftControls';

const APP_ID = '3f0c9a9e-4a8e-4d7f-9a43-2c1d5e6f7a8b';
const blueprint = (name: string): AppBlueprint => ({
  name,
  tagline: 'Run your first marathon',
  audience: 'First-time marathon runners',
  problem: 'Training plans are confusing',
  features: [{ title: 'Weekly plan', description: 'A plan a week' }],
  monetisation: 'A monthly subscription',
  tone: 'Encouraging',
});
const version = (versionId: string, number: number, content: AppBlueprint) => ({
  versionId,
  appId: APP_ID,
  number,
  content,
  createdAt: '2026-01-01T00:00:00Z',
  reason: 'edit',
  restoredFrom: null,
  isPublished: false,
});

const envelope = (response: unknown) =>
  ({ ok: true, status: 200, text: () => Promise.resolve(JSON.stringify({ status: 'success', response })) }) as Response;
const notFound = () =>
  ({
    ok: false,
    status: 404,
    text: () => Promise.resolve(JSON.stringify({ status: 'error', error: 'Not found', code: 'NOT_FOUND' })),
  }) as Response;

// the stored blueprint is version 2 ("Marathon Coach"); version 1 ("Couch to 5K") can be restored as version 3
let stored = { blueprint: blueprint('Marathon Coach'), versionId: 'v2' };
const restored = version('v3', 3, blueprint('Couch to 5K'));
const routes: Record<string, () => Response> = {
  '/api/app-builder/getBlueprintForApp': () => envelope({ appId: APP_ID, ...stored }),
  '/api/app-builder/getBlueprintVersionHistoryPaginated': () =>
    envelope({
      versions: [version('v2', 2, blueprint('Marathon Coach')), version('v1', 1, blueprint('Couch to 5K'))],
      hasMore: false,
      nextCursor: null,
    }),
  // the server answers the saved content trimmed, its keys in its own order (jsonb)
  '/api/app-builder/updateBlueprint': () =>
    envelope({
      version: version('v3', 3, Object.fromEntries(Object.entries(blueprint('Marathon Coach Pro')).reverse()) as AppBlueprint),
    }),
  '/api/app-builder/restoreBlueprintVersion': () => {
    stored = { blueprint: restored.content, versionId: restored.versionId };
    return envelope({ version: restored });
  },
};
const fetchMock = jest.fn((url: RequestInfo | URL) => {
  const answer = routes[String(url).split('?')[0]];
  return Promise.resolve(answer ? answer() : notFound());
});

function renderTab() {
  render(
    <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
      <ToastProvider>
        <MemoryRouter>
          <BlueprintTab appId={APP_ID} building={false} />
        </MemoryRouter>
      </ToastProvider>
    </QueryClientProvider>,
  );
}

const appName = () => screen.getByLabelText('App name') as HTMLInputElement;
const restoreVersion1 = async () => fireEvent.click(await screen.findByRole('button', { name: 'Restore version 1' }));

beforeEach(() => {
  jest.useFakeTimers({ doNotFake: ['nextTick', 'setImmediate', 'queueMicrotask'] });
  stored = { blueprint: blueprint('Marathon Coach'), versionId: 'v2' };
  fetchMock.mockClear();
  global.fetch = fetchMock as unknown as typeof fetch;
  setAccessToken('token');
});
afterEach(() => {
  setAccessToken(null);
  jest.useRealTimers();
});

describe('BlueprintTab: a new version arriving while the creator edits', () => {
  it('keeps the unsaved draft, says a newer version arrived, and loads it only when asked', async () => {
    renderTab();
    await screen.findByDisplayValue('Marathon Coach');
    fireEvent.change(appName(), { target: { value: 'Marathon Coach Pro' } });
    expect(screen.getByText('Unsaved edits')).toBeInTheDocument();

    await restoreVersion1();
    expect(await screen.findByText(NEWER_VERSION_TEXT)).toBeInTheDocument();
    // the draft is still there, still unsaved
    expect(appName().value).toBe('Marathon Coach Pro');
    expect(screen.getByText('Unsaved edits')).toBeInTheDocument();

    fireEvent.click(screen.getByRole('button', { name: 'Load the new version' }));
    expect(appName().value).toBe('Couch to 5K');
    expect(screen.queryByText(NEWER_VERSION_TEXT)).not.toBeInTheDocument();
    expect(screen.getByText('Saved')).toBeInTheDocument();
  });

  it('"Keep editing my draft" keeps it, now measured against the new version', async () => {
    renderTab();
    await screen.findByDisplayValue('Marathon Coach');
    fireEvent.change(appName(), { target: { value: 'Marathon Coach Pro' } });
    await restoreVersion1();
    fireEvent.click(await screen.findByRole('button', { name: 'Keep editing my draft' }));

    expect(screen.queryByText(NEWER_VERSION_TEXT)).not.toBeInTheDocument();
    expect(appName().value).toBe('Marathon Coach Pro');
    // discarding now goes back to the version that arrived, not the one the draft started from
    fireEvent.click(screen.getByRole('button', { name: 'Discard changes' }));
    expect(appName().value).toBe('Couch to 5K');
  });

  it('a form without edits simply shows the new version', async () => {
    renderTab();
    await screen.findByDisplayValue('Marathon Coach');
    await restoreVersion1();
    expect(await screen.findByDisplayValue('Couch to 5K')).toBeInTheDocument();
    expect(screen.queryByText(NEWER_VERSION_TEXT)).not.toBeInTheDocument();
    expect(screen.getByText('Saved')).toBeInTheDocument();
  });

  it("the creator's own save is not news: the saved (trimmed) draft becomes the version, without a notice", async () => {
    renderTab();
    await screen.findByDisplayValue('Marathon Coach');
    fireEvent.change(appName(), { target: { value: '  Marathon Coach Pro ' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save blueprint' }));
    expect(await screen.findByText('Saved')).toBeInTheDocument();
    expect(appName().value).toBe('Marathon Coach Pro');
    expect(screen.queryByText(NEWER_VERSION_TEXT)).not.toBeInTheDocument();
    expect(fetchMock.mock.calls.some(([url]) => String(url).endsWith('/updateBlueprint'))).toBe(true);
  });
});

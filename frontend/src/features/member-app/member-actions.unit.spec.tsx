import '../catalogue/testing/dom-polyfills';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, renderHook, waitFor } from '@testing-library/react';
import type { ReactNode } from 'react';
import { setAccessToken } from '../../api/token-store';
import { useMemberActions } from './member-app.queries';
import { localQueueStore, queueKey, readQueue } from './offline-queue';

const address = { storefrontSlug: 'stride', appSlug: 'coach' };
const sent = () =>
  ({ ok: true, status: 200, text: () => Promise.resolve(JSON.stringify({ status: 'success', response: {} })) }) as Response;
const fetchMock = jest.fn((_url: RequestInfo | URL, _init?: RequestInit) => Promise.resolve(sent()));
const posted = () => fetchMock.mock.calls.filter(([, init]) => init?.method === 'POST').map(([url]) => String(url));

beforeEach(() => {
  localStorage.clear();
  fetchMock.mockClear();
  global.fetch = fetchMock as unknown as typeof fetch;
  setAccessToken('token');
});
afterEach(() => setAccessToken(null));

describe("the member app's actions", () => {
  it('sends an action done while a flush waits for the home to be read again, instead of leaving it on the device', async () => {
    const client = new QueryClient();
    let homeRead!: () => void;
    const reading = new Promise<void>((resolve) => (homeRead = resolve));
    // the first flush's read of the home is held: the second action comes while the flush waits for it
    const invalidate = jest.spyOn(client, 'invalidateQueries').mockImplementationOnce(() => reading);
    const { result } = renderHook(() => useMemberActions(address, 'u1'), {
      wrapper: ({ children }: { children: ReactNode }) => <QueryClientProvider client={client}>{children}</QueryClientProvider>,
    });

    let first!: Promise<void>;
    act(() => {
      first = result.current.completeSession('phase-1');
    });
    await waitFor(() => expect(invalidate).toHaveBeenCalledTimes(1));
    expect(posted()).toEqual(['/api/apps/member/stride/coach/completeSession']);

    await act(() => result.current.checkIn({ mood: 4, effort: 3 }));
    // the flush in progress takes it: nothing is sent until it goes round again
    expect(posted()).toHaveLength(1);
    expect(result.current.pending.map((p) => p.kind)).toEqual(['checkIn']);

    homeRead();
    await act(() => first);
    expect(posted()).toEqual(['/api/apps/member/stride/coach/completeSession', '/api/apps/member/stride/coach/checkIn']);
    expect(readQueue(localQueueStore(queueKey('stride', 'coach')))).toEqual([]);
    expect(result.current.pending).toEqual([]);
  });
});

import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { renderHook } from '@testing-library/react';
import type { ReactNode } from 'react';
import { consistencyToken } from '../../../api/consistency-token';
import { creatorKeys } from '../creator.queries';
import { mediaKeys } from './media/media.queries';
import { useAppUpdates } from './useAppUpdates';

const socketHandlers = new Map<string, (m: unknown) => void>();
jest.mock('../../realtime', () => ({
  getSocket: () => ({
    on: (e: string, h: (m: unknown) => void) => socketHandlers.set(e, h),
    off: (e: string) => socketHandlers.delete(e),
  }),
}));

describe('a job’s results stored in the app', () => {
  it('read again what shows them, with the change’s consistency token, for this app only', () => {
    const client = new QueryClient();
    const invalidate = jest.spyOn(client, 'invalidateQueries');
    const { unmount } = renderHook(() => useAppUpdates('app-1'), {
      wrapper: ({ children }: { children: ReactNode }) => <QueryClientProvider client={client}>{children}</QueryClientProvider>,
    });
    const pushed = socketHandlers.get('creator:app-updated')!;
    pushed({ appId: 'another-app', runId: 'r0', token: '5.5', at: '' });
    expect(invalidate).not.toHaveBeenCalled();

    pushed({ appId: 'app-1', runId: 'r1', token: '902.81', at: '' });
    expect(consistencyToken()).toBe('902.81');
    const refreshed = invalidate.mock.calls.map(([filters]) => filters?.queryKey);
    expect(refreshed).toEqual(
      expect.arrayContaining([
        creatorKeys.apps(),
        creatorKeys.blueprint('app-1'),
        creatorKeys.onboarding('app-1'),
        creatorKeys.landingPage('app-1'),
        creatorKeys.landingPageVersions('app-1'),
        mediaKeys.all('app-1'),
      ]),
    );
    // not what a job does not change (the AI's suggestions are not asked for again)
    expect(refreshed).not.toContainEqual(creatorKeys.suggestions('app-1'));

    unmount();
    expect(socketHandlers.has('creator:app-updated')).toBe(false);
  });
});

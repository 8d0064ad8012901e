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
const ended = (appId: string, runId: string, token: string, stored = true) => ({
  runId,
  name: 'creator-apps.build-app',
  subjectId: appId,
  result: {},
  stored,
  token,
  at: '',
});

describe('a job’s results stored in the app', () => {
  it('read again what shows them, with the change’s consistency token, for this app only', () => {
    const client = new QueryClient();
    const invalidate = jest.spyOn(client, 'invalidateQueries');
    const { unmount } = renderHook(() => useAppUpdates('app-1'), {
      wrapper: ({ children }: { children: ReactNode }) => <QueryClientProvider client={client}>{children}</QueryClientProvider>,
    });
    const pushed = socketHandlers.get('job:completed')!;
    pushed(ended('another-app', 'r0', '5.5'));
    // a run of this app that stored nothing changes nothing the builder shows
    pushed(ended('app-1', 'r2', '900.1', false));
    expect(invalidate).not.toHaveBeenCalled();

    pushed(ended('app-1', 'r1', '902.81'));
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
    expect(socketHandlers.has('job:completed')).toBe(false);
    expect(socketHandlers.has('job:failed')).toBe(false);
  });
});

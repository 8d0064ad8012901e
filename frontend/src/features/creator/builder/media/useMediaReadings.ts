import type { AppMedia, MediaReadMessage } from '@sparkhouse/contracts';
import { SERVER_EVENTS } from '@sparkhouse/contracts/realtime-names';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { rememberConsistencyToken } from '../../../../api/consistency-token';
import { getSocket } from '../../../realtime';
import { mediaKeys } from './media.queries';

/** While a shown file is still being read and its push may have been missed (a reconnect), the library is looked at again this often. */
export const PENDING_REFETCH_MS = 5000;

/** Whether a library item's thumbnail and facts are still being read after its upload. */
export const isBeingRead = (item: Pick<AppMedia, 'metadata'>) => item.metadata.processing === 'pending';

/**
 * Keeps an app's media library current as its uploads are read: each `media:read` push carries the
 * position of the change, kept as the consistency token, so the refetch it starts shows the new
 * thumbnail and facts at once.
 */
export function useMediaReadings(appId: string) {
  const queryClient = useQueryClient();
  useEffect(() => {
    const socket = getSocket();
    const onRead = (message: MediaReadMessage) => {
      if (message.appId !== appId) return;
      rememberConsistencyToken(message.token);
      void queryClient.invalidateQueries({ queryKey: mediaKeys.all(appId) });
    };
    socket.on(SERVER_EVENTS.mediaRead, onRead);
    return () => {
      socket.off(SERVER_EVENTS.mediaRead, onRead);
    };
  }, [appId, queryClient]);
}

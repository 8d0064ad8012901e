import type { AppMedia, JobCompletedMessage, JobFailedMessage } from '@sparkhouse/contracts';
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

/** The job that reads an upload (thumbnail or poster frame, decoder facts). */
const READ_UPLOAD = 'creator-apps.read-upload';

/**
 * Keeps an app's media library current as its uploads are read: a reading's end is pushed once the
 * reading is on its library item, with the position of the change, kept as the consistency token, so
 * the refetch it starts shows the new thumbnail and facts (or the failure) at once.
 */
export function useMediaReadings(appId: string) {
  const queryClient = useQueryClient();
  useEffect(() => {
    const socket = getSocket();
    const onRead = (message: JobCompletedMessage | JobFailedMessage) => {
      if (message.name !== READ_UPLOAD || message.subjectId !== appId) return;
      rememberConsistencyToken(message.token);
      void queryClient.invalidateQueries({ queryKey: mediaKeys.all(appId) });
    };
    socket.on(SERVER_EVENTS.jobCompleted, onRead);
    socket.on(SERVER_EVENTS.jobFailed, onRead);
    return () => {
      socket.off(SERVER_EVENTS.jobCompleted, onRead);
      socket.off(SERVER_EVENTS.jobFailed, onRead);
    };
  }, [appId, queryClient]);
}

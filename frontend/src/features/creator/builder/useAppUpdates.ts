import type { JobCanceledMessage, JobCompletedMessage, JobFailedMessage } from '@sparkhouse/contracts';
import { SERVER_EVENTS } from '@sparkhouse/contracts/realtime-names';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { rememberConsistencyToken } from '../../../api/consistency-token';
import { getSocket } from '../../realtime';
import { creatorKeys } from '../creator.queries';
import { mediaKeys } from './media/media.queries';

/** What shows a job's results: the app lists (its name, image), its documents and versions, the media library. */
const storedIn = (appId: string) => [
  creatorKeys.apps(),
  creatorKeys.blueprint(appId),
  creatorKeys.blueprintVersions(appId),
  creatorKeys.onboarding(appId),
  creatorKeys.onboardingVersions(appId),
  creatorKeys.landingPage(appId),
  creatorKeys.landingPageVersions(appId),
  creatorKeys.unpublished(appId),
  mediaKeys.all(appId),
];

/**
 * Keeps the builder current as the app's jobs end (a build's documents, an AI edit, a new app image,
 * landing-page pictures, a picture made from library files): a run's end is pushed once, after its
 * results are stored in the app, so on a push that says something was stored the builder reads the app
 * again with the push's consistency token.
 */
export function useAppUpdates(appId: string) {
  const queryClient = useQueryClient();
  useEffect(() => {
    const socket = getSocket();
    const onEnded = (message: JobCompletedMessage | JobFailedMessage | JobCanceledMessage) => {
      if (message.subjectId !== appId || !message.stored) return;
      rememberConsistencyToken(message.token);
      for (const queryKey of storedIn(appId)) void queryClient.invalidateQueries({ queryKey });
    };
    socket.on(SERVER_EVENTS.jobCompleted, onEnded);
    socket.on(SERVER_EVENTS.jobFailed, onEnded);
    socket.on(SERVER_EVENTS.jobCanceled, onEnded);
    return () => {
      socket.off(SERVER_EVENTS.jobCompleted, onEnded);
      socket.off(SERVER_EVENTS.jobFailed, onEnded);
      socket.off(SERVER_EVENTS.jobCanceled, onEnded);
    };
  }, [appId, queryClient]);
}

import type { AppUpdatedMessage } from '@sparkhouse/contracts';
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
 * Keeps the builder current as a job's results are stored in the app (a build's documents, an AI
 * edit, a new app image, landing-page pictures, a picture made from library files): the run is
 * announced done a moment before its results are stored, so the builder waits for the
 * `creator:app-updated` push and reads the app again with the change's consistency token.
 */
export function useAppUpdates(appId: string) {
  const queryClient = useQueryClient();
  useEffect(() => {
    const socket = getSocket();
    const onUpdated = (message: AppUpdatedMessage) => {
      if (message.appId !== appId) return;
      rememberConsistencyToken(message.token);
      for (const queryKey of storedIn(appId)) void queryClient.invalidateQueries({ queryKey });
    };
    socket.on(SERVER_EVENTS.appUpdated, onUpdated);
    return () => {
      socket.off(SERVER_EVENTS.appUpdated, onUpdated);
    };
  }, [appId, queryClient]);
}

import type { AppMedia, MediaType } from '@sparkhouse/contracts';
import { MEDIA_PAGE } from '@sparkhouse/contracts/media-limits';
import { infiniteQueryOptions } from '@tanstack/react-query';
import { appMedia } from '../../../../api/routes';
import { callCreator } from '../../creator-api';
import { creatorKeys } from '../../creator.queries';

export const mediaKeys = {
  all: (appId: string) => [...creatorKeys.app(appId), 'media'] as const,
  list: (appId: string, types: readonly MediaType[]) => [...mediaKeys.all(appId), [...types].sort().join(',') || 'all'] as const,
};

/** An app's media library, newest first, 30 a page (spec 9), following each page's created-at cursor. */
export const appMediaQuery = (appId: string, types: readonly MediaType[]) =>
  infiniteQueryOptions({
    queryKey: mediaKeys.list(appId, types),
    queryFn: ({ pageParam, signal }) =>
      callCreator(appMedia.getAppMedia, {
        query: {
          appId,
          limit: MEDIA_PAGE.defaultLimit,
          cursorCreatedAt: pageParam ?? undefined,
          onlyTypes: types.length > 0 ? types.join(',') : undefined,
        },
        signal,
      }),
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.nextCursor,
  });

/** What a library item is called: the name of the file it came from, else the last part of its address. */
export function mediaName(item: Pick<AppMedia, 'url' | 'metadata'>): string {
  const named = item.metadata.fileName;
  if (typeof named === 'string' && named.trim()) return named;
  try {
    const last = new URL(item.url, 'http://x').pathname.split('/').pop();
    return last ? decodeURIComponent(last) : 'Untitled';
  } catch {
    return 'Untitled';
  }
}

/** A duration as a player shows it: 0:07, 3:25, 1:02:09. */
export function formatDuration(totalSeconds: number): string {
  const s = Math.max(0, Math.round(totalSeconds));
  const h = Math.floor(s / 3600);
  const m = Math.floor((s % 3600) / 60);
  const sec = String(s % 60).padStart(2, '0');
  return h > 0 ? `${h}:${String(m).padStart(2, '0')}:${sec}` : `${m}:${sec}`;
}

/** The kind of a file the browser is about to send, from its declared type (the server decides from its bytes). */
export function guessMediaType(file: Pick<File, 'type'>): MediaType | null {
  if (file.type === 'application/pdf') return 'pdf';
  const top = file.type.split('/')[0];
  return top === 'image' || top === 'video' || top === 'audio' ? top : null;
}

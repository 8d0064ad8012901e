import type { MediaType } from '@sparkhouse/contracts';
import { MEDIA_MAX_UPLOAD_BYTES, MEDIA_SIZE_LIMITS, formatBytes, tooLargeMessage } from '@sparkhouse/contracts/media-limits';
import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useRef, useState } from 'react';
import { errorMessage } from '../../../../api';
import { appMedia } from '../../../../api/routes';
import { uploadWithProgress } from '../../../../api/upload-api';
import { callCreator } from '../../creator-api';
import { guessMediaType, mediaKeys } from './media.queries';

/** Files sent at once; the others wait their turn. */
const PARALLEL_UPLOADS = 3;

export type UploadStatus = 'waiting' | 'uploading' | 'processing' | 'saving' | 'done' | 'failed';

export interface UploadItem {
  id: string;
  fileName: string;
  size: number;
  type: MediaType | null;
  /** 0-100: the bytes sent so far. */
  percent: number;
  status: UploadStatus;
  error?: string;
}

/** Why the browser refuses a file before sending it (the server checks again, from its bytes). */
function refusal(file: File): string | null {
  if (file.size === 0) return 'The file is empty.';
  const type = guessMediaType(file);
  if (type && file.size > MEDIA_SIZE_LIMITS[type]) return tooLargeMessage(type);
  if (file.size > MEDIA_MAX_UPLOAD_BYTES) return `Files can be at most ${formatBytes(MEDIA_MAX_UPLOAD_BYTES)}.`;
  return null;
}

let nextId = 0;

/**
 * Uploads files to an app's media library, a few at a time, each with its own progress: the bytes
 * sent (XMLHttpRequest's upload progress), then the server reading it (thumbnail, duration), then
 * saving it to the library, whose list is then refreshed.
 */
export function useMediaUploads(appId: string) {
  const queryClient = useQueryClient();
  const [items, setItems] = useState<UploadItem[]>([]);
  const files = useRef(new Map<string, File>());
  const queue = useRef<string[]>([]);
  const running = useRef(0);
  const aborts = useRef(new Map<string, AbortController>());

  const update = useCallback((id: string, change: Partial<UploadItem>) => {
    setItems((current) => current.map((item) => (item.id === id ? { ...item, ...change } : item)));
  }, []);

  const pump = useCallback(() => {
    while (running.current < PARALLEL_UPLOADS && queue.current.length > 0) {
      const id = queue.current.shift()!;
      const file = files.current.get(id);
      if (!file) continue;
      running.current += 1;
      const abort = new AbortController();
      aborts.current.set(id, abort);
      update(id, { status: 'uploading', percent: 0, error: undefined });
      uploadWithProgress(appMedia.uploadMedia, {
        fields: { appId },
        file,
        signal: abort.signal,
        onProgress: (percent) => update(id, percent >= 100 ? { percent: 100, status: 'processing' } : { percent }),
      })
        .then(async (uploaded) => {
          update(id, { percent: 100, status: 'saving', type: uploaded.type });
          await callCreator(appMedia.saveAppMedia, {
            body: { appId, type: uploaded.type, url: uploaded.url, metadata: uploaded.metadata },
          });
          update(id, { status: 'done' });
          files.current.delete(id);
          await queryClient.invalidateQueries({ queryKey: mediaKeys.all(appId) });
        })
        .catch((error: unknown) => {
          if (abort.signal.aborted) return;
          update(id, { status: 'failed', error: errorMessage(error) });
        })
        .finally(() => {
          running.current -= 1;
          aborts.current.delete(id);
          pump();
        });
    }
  }, [appId, queryClient, update]);

  const add = useCallback(
    (chosen: readonly File[]) => {
      const added: UploadItem[] = chosen.map((file) => {
        const id = `upload-${++nextId}`;
        const refused = refusal(file);
        const item: UploadItem = {
          id,
          fileName: file.name,
          size: file.size,
          type: guessMediaType(file),
          percent: 0,
          status: refused ? 'failed' : 'waiting',
          ...(refused ? { error: refused } : {}),
        };
        if (!refused) {
          files.current.set(id, file);
          queue.current.push(id);
        }
        return item;
      });
      setItems((current) => [...added, ...current]);
      pump();
    },
    [pump],
  );

  /** Forgets an upload that ended (or cancels one still running). */
  const dismiss = useCallback((id: string) => {
    aborts.current.get(id)?.abort();
    files.current.delete(id);
    queue.current = queue.current.filter((q) => q !== id);
    setItems((current) => current.filter((item) => item.id !== id));
  }, []);

  const clearFinished = useCallback(() => {
    setItems((current) => current.filter((item) => item.status !== 'done'));
  }, []);

  // leaving the tab cancels what is still being sent
  useEffect(() => {
    const running = aborts.current;
    return () => running.forEach((abort) => abort.abort());
  }, []);

  return { items, add, dismiss, clearFinished };
}

import { createHash } from 'node:crypto';
import {
  AppMediaDeleted,
  AppMediaFileRead,
  AppMediaSaved,
  AppMediaUpdated,
  isEventOf,
  MEDIA_PROCESSING,
  type MediaType,
  type NewEvent,
  type StoredEvent,
} from '@sparkhouse/contracts';

type Metadata = Record<string, unknown>;

export const mediaStreamId = (mediaId: string) => `media-${mediaId}`;
export const NO_SUCH_MEDIA = 'No such media in this app.';

/** Where a library item's file is: in the library's storage, or elsewhere on the web. */
export type MediaSource = { storageKey: string; externalUrl: null } | { storageKey: null; externalUrl: string };

/** A library item as its stream tells it (the write side decides from this). */
export interface MediaState {
  mediaId: string;
  appId: string;
  ownerId: string;
  type: MediaType;
  storageKey: string | null;
  externalUrl: string | null;
  thumbnailKey: string | null;
  thumbnailUrl: string | null;
  metadata: Metadata;
  activityId: string | null;
  isForSimulation: boolean;
  /** Not in the library: removed, or not saved yet (a reading of the upload recorded before its save). */
  deleted: boolean;
  /** Saved to the library at least once (false while only a reading of the upload is recorded). */
  saved: boolean;
  /** What the media-reading job read of the file before it was saved (the save takes it). */
  read: UploadReading | null;
  createdAt: string;
  updatedAt: string;
}

/** What the media-reading job read of an uploaded file: metadata merged over the upload's, and its thumbnail. */
export interface UploadReading {
  metadata: Metadata;
  thumbnailKey: string | null;
}

/**
 * The id of the item that holds a file in an app's library, from the app and the file: saving the same
 * file twice finds the same item (and its stream), and updateAppMedia finds an item by its URL.
 */
export function mediaIdFor(appId: string, source: MediaSource): string {
  const name = source.storageKey !== null ? `key:${source.storageKey}` : `url:${source.externalUrl}`;
  const hex = createHash('sha256').update(`${appId}\n${name}`).digest('hex');
  // shaped as a UUID (version 8: custom) so it fits the id columns and the contracts' uuid checks
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-8${hex.slice(13, 16)}-${((parseInt(hex[16], 16) & 0x3) | 0x8).toString(16)}${hex.slice(17, 20)}-${hex.slice(20, 32)}`;
}

/** Folds a library item's facts. */
export function foldMedia(state: MediaState | null, events: readonly StoredEvent[]): MediaState | null {
  let s = state;
  for (const e of events) {
    const at = e.metadata.occurredAt;
    if (!isEventOf(e, 'AppMediaSaved', 'AppMediaFileRead', 'AppMediaUpdated', 'AppMediaDeleted')) continue;
    switch (e.type) {
      case 'AppMediaSaved': {
        const p = e.payload;
        s = { ...p, deleted: false, saved: true, read: s?.read ?? null, createdAt: at, updatedAt: at };
        break;
      }
      case 'AppMediaFileRead': {
        const p = e.payload;
        const read = { metadata: p.metadata, thumbnailKey: p.thumbnailKey };
        s = s
          ? { ...s, read, updatedAt: at }
          : {
              mediaId: p.mediaId,
              appId: p.appId,
              ownerId: '',
              type: 'image',
              storageKey: p.storageKey,
              externalUrl: null,
              thumbnailKey: null,
              thumbnailUrl: null,
              metadata: {},
              activityId: null,
              isForSimulation: false,
              deleted: true,
              saved: false,
              read,
              createdAt: at,
              updatedAt: at,
            };
        break;
      }
      case 'AppMediaUpdated': {
        if (!s) break;
        const p = e.payload;
        s = {
          ...s,
          ...(p.metadata ? { metadata: p.metadata } : {}),
          ...(p.thumbnail ? { thumbnailKey: p.thumbnail.key, thumbnailUrl: p.thumbnail.url } : {}),
          updatedAt: at,
        };
        break;
      }
      case 'AppMediaDeleted':
        if (s) s = { ...s, deleted: true, updatedAt: at };
        break;
    }
  }
  return s;
}

export interface NewMedia {
  mediaId: string;
  appId: string;
  ownerId: string;
  type: MediaType;
  source: MediaSource;
  thumbnailKey: string | null;
  /** A thumbnail elsewhere on the web (a generated picture is its own). */
  thumbnailUrl?: string | null;
  metadata: Metadata;
  activityId: string | null;
  isForSimulation: boolean;
}

/**
 * Saving a file: a new item, or nothing when the app's library already holds it (a retried save answers
 * the item). A reading of the upload recorded before the save goes into the item.
 */
export function decideSave(state: MediaState | null, media: NewMedia): NewEvent[] {
  if (state && !state.deleted) return [];
  const { source, thumbnailUrl = null, ...rest } = media;
  const read = state?.read ?? null;
  return [
    {
      type: AppMediaSaved.type,
      payload: {
        ...rest,
        ...(read ? { metadata: readMetadata(media.metadata, read), thumbnailKey: read.thumbnailKey ?? media.thumbnailKey } : {}),
        storageKey: source.storageKey,
        externalUrl: source.externalUrl,
        thumbnailUrl,
      },
    },
  ];
}

/** What the media-reading job read, over what the upload answered (and the reading marked done or failed). */
function readMetadata(uploaded: Metadata, read: UploadReading): Metadata {
  const { processingError: _, ...rest } = uploaded;
  return { ...rest, ...read.metadata };
}

/**
 * A reading of an uploaded file: put on the library item when it is there and still waits for one,
 * else kept on the stream for its save (once: a redelivered job completion records nothing more).
 * Nothing for an item removed meanwhile (`removed` answers true: its thumbnail is not wanted).
 */
export function decideRead(
  state: MediaState | null,
  at: { mediaId: string; appId: string; storageKey: string },
  read: UploadReading,
): { events: NewEvent[]; removed: boolean } {
  if (state && !state.deleted) {
    if (state.metadata.processing !== MEDIA_PROCESSING.pending) return { events: [], removed: false };
    return {
      events: decideUpdate(state, {
        metadata: readMetadata(state.metadata, read),
        ...(read.thumbnailKey ? { thumbnail: { key: read.thumbnailKey, url: null } } : {}),
      }),
      removed: false,
    };
  }
  // saved once and removed since: the reading came too late
  if (state?.saved) return { events: [], removed: true };
  if (state?.read) return { events: [], removed: false };
  return {
    events: [{ type: AppMediaFileRead.type, payload: { ...at, metadata: read.metadata, thumbnailKey: read.thumbnailKey } }],
    removed: false,
  };
}

export interface MediaChanges {
  metadata?: Metadata;
  /** A new thumbnail (null: none). */
  thumbnail?: { key: string | null; url: string | null };
}

/** Whether the app's library holds this item now. */
export const isInLibrary = (state: MediaState | null, appId: string): state is MediaState =>
  !!state && !state.deleted && state.appId === appId;

export function decideUpdate(state: MediaState, changes: MediaChanges): NewEvent[] {
  if (changes.metadata === undefined && changes.thumbnail === undefined) return [];
  return [{ type: AppMediaUpdated.type, payload: { mediaId: state.mediaId, appId: state.appId, ...changes } }];
}

/** Removing an item: `storageKeys` are its own stored files (the upload and what was made from it), which go with it. */
export function decideDelete(state: MediaState, storageKeys: string[]): NewEvent[] {
  return [{ type: AppMediaDeleted.type, payload: { mediaId: state.mediaId, appId: state.appId, storageKeys } }];
}

/**
 * Adding a picture a job made to the library, once: its file is named by the run, so any item already
 * at that file (even one the creator removed since) means this run's picture was added before.
 */
export function decideSaveGenerated(state: MediaState | null, media: NewMedia): NewEvent[] {
  return state ? [] : decideSave(null, media);
}

/** What the library says about a picture made from other files. */
export function generatedImageMetadata(made: {
  fileName: string;
  width: number;
  height: number;
  generatedBy: string;
  inputs: number;
  prompt: string;
  runId: string;
}): Metadata {
  return {
    fileName: made.fileName,
    width: made.width,
    height: made.height,
    generatedBy: made.generatedBy,
    generatedFrom: `generated from ${made.inputs} ${made.inputs === 1 ? 'input' : 'inputs'}`,
    prompt: made.prompt.length <= 300 ? made.prompt : `${made.prompt.slice(0, 299)}…`,
    runId: made.runId,
  };
}

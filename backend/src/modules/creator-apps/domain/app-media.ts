import { createHash } from 'node:crypto';
import {
  AppMediaDeleted,
  AppMediaSaved,
  AppMediaUpdated,
  type EventPayload,
  type MediaType,
  type NewEvent,
  type StoredEvent,
} from '@sparkhouse/contracts';

type P<D> = EventPayload<D>;
type Metadata = Record<string, unknown>;

export const mediaStreamId = (mediaId: string) => `media-${mediaId}`;

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
  deleted: boolean;
  createdAt: string;
  updatedAt: string;
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
    switch (e.type) {
      case AppMediaSaved.type: {
        const p = e.payload as P<typeof AppMediaSaved>;
        s = { ...p, deleted: false, createdAt: at, updatedAt: at };
        break;
      }
      case AppMediaUpdated.type: {
        if (!s) break;
        const p = e.payload as P<typeof AppMediaUpdated>;
        s = {
          ...s,
          ...(p.metadata ? { metadata: p.metadata } : {}),
          ...(p.thumbnail ? { thumbnailKey: p.thumbnail.key, thumbnailUrl: p.thumbnail.url } : {}),
          updatedAt: at,
        };
        break;
      }
      case AppMediaDeleted.type:
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

/** Saving a file: a new item, or nothing when the app's library already holds it (a retried save answers the item). */
export function decideSave(state: MediaState | null, media: NewMedia): NewEvent[] {
  if (state && !state.deleted) return [];
  const { source, thumbnailUrl = null, ...rest } = media;
  return [
    {
      type: AppMediaSaved.type,
      payload: { ...rest, storageKey: source.storageKey, externalUrl: source.externalUrl, thumbnailUrl },
    },
  ];
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

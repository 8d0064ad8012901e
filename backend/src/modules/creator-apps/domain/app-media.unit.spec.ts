import { AppMediaDeleted, AppMediaSaved, AppMediaUpdated, type StoredEvent } from '@sparkhouse/contracts';
import {
  decideDelete,
  decideSave,
  decideSaveGenerated,
  decideUpdate,
  foldMedia,
  generatedImageMetadata,
  isInLibrary,
  mediaIdFor,
  type NewMedia,
} from './app-media';

const APP = '0b8c6a3e-0d51-4d7a-9d0e-7d3b9f0c1a22';
const KEY = `apps/${APP}/5f1e2d3c-4b5a-4c6d-8e7f-901234567890/original.png`;

let version = 0;
const stored = (e: { type: string; payload: unknown }, at = '2026-11-25T10:00:00.000Z'): StoredEvent => ({
  position: String(++version),
  eventId: `e${version}`,
  streamId: 'media-x',
  streamVersion: version,
  type: e.type,
  schemaVersion: 1,
  payload: e.payload,
  metadata: { actor: 'u1', correlationId: 'c', causationId: null, occurredAt: at },
});

const media = (over: Partial<NewMedia> = {}): NewMedia => ({
  mediaId: mediaIdFor(APP, { storageKey: KEY, externalUrl: null }),
  appId: APP,
  ownerId: 'u1',
  type: 'image',
  source: { storageKey: KEY, externalUrl: null },
  thumbnailKey: null,
  metadata: { fileName: 'a.png' },
  activityId: null,
  isForSimulation: false,
  ...over,
});

describe('media library rules', () => {
  it('gives a file one id per app, shaped as a UUID, whatever is asked of it', () => {
    const id = mediaIdFor(APP, { storageKey: KEY, externalUrl: null });
    expect(id).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-8[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
    expect(mediaIdFor(APP, { storageKey: KEY, externalUrl: null })).toBe(id);
    expect(mediaIdFor('another-app', { storageKey: KEY, externalUrl: null })).not.toBe(id);
    expect(mediaIdFor(APP, { storageKey: null, externalUrl: KEY })).not.toBe(id);
  });

  it('saves a file once: saving it again decides nothing (a retried save answers the item there)', () => {
    const saved = decideSave(null, media());
    expect(saved).toHaveLength(1);
    expect(saved[0].type).toBe(AppMediaSaved.type);
    const state = foldMedia(
      null,
      saved.map((e) => stored(e)),
    );
    expect(state).toMatchObject({ appId: APP, storageKey: KEY, externalUrl: null, deleted: false });
    expect(decideSave(state, media({ metadata: { other: true } }))).toEqual([]);
  });

  it('updates only what is given, and a deleted item can be saved again as new', () => {
    let state = foldMedia(
      null,
      decideSave(null, media()).map((e) => stored(e, '2026-11-25T10:00:00.000Z')),
    );
    expect(decideUpdate(state!, {})).toEqual([]);
    const update = decideUpdate(state!, { thumbnail: { key: null, url: 'https://cdn.example.com/t.png' } });
    expect(update[0].type).toBe(AppMediaUpdated.type);
    state = foldMedia(
      state,
      update.map((e) => stored(e, '2026-11-25T10:05:00.000Z')),
    );
    expect(state).toMatchObject({ metadata: { fileName: 'a.png' }, thumbnailUrl: 'https://cdn.example.com/t.png' });
    expect(state!.updatedAt).toBe('2026-11-25T10:05:00.000Z');

    const deleted = decideDelete(state!, [KEY]);
    expect(deleted[0]).toMatchObject({ type: AppMediaDeleted.type, payload: { storageKeys: [KEY] } });
    state = foldMedia(
      state,
      deleted.map((e) => stored(e)),
    );
    expect(isInLibrary(state, APP)).toBe(false);
    const again = decideSave(state, media());
    expect(again).toHaveLength(1);
    expect(
      isInLibrary(
        foldMedia(
          state,
          again.map((e) => stored(e)),
        ),
        APP,
      ),
    ).toBe(true);
  });

  it('keeps an item to its own app', () => {
    const state = foldMedia(
      null,
      decideSave(null, media()).map((e) => stored(e)),
    );
    expect(isInLibrary(state, APP)).toBe(true);
    expect(isInLibrary(state, 'another-app')).toBe(false);
    expect(isInLibrary(null, APP)).toBe(false);
  });

  it('adds a generated picture once: a redelivered result, even after the creator removed it, adds nothing', () => {
    const saved = decideSaveGenerated(null, media());
    expect(saved).toHaveLength(1);
    let state = foldMedia(
      null,
      saved.map((e) => stored(e)),
    );
    expect(decideSaveGenerated(state, media())).toEqual([]);
    state = foldMedia(
      state,
      decideDelete(state!, [KEY]).map((e) => stored(e)),
    );
    expect(decideSaveGenerated(state, media())).toEqual([]);
  });

  it('says what a generated picture is made from, with a long prompt shortened', () => {
    const metadata = generatedImageMetadata({
      fileName: 'made.png',
      width: 1600,
      height: 1200,
      generatedBy: 'procedural',
      inputs: 3,
      prompt: 'x'.repeat(400),
      runId: 'r1',
    });
    expect(metadata).toMatchObject({
      fileName: 'made.png',
      width: 1600,
      height: 1200,
      generatedBy: 'procedural',
      generatedFrom: 'generated from 3 inputs',
      runId: 'r1',
    });
    expect(String(metadata.prompt)).toHaveLength(300);
    expect(generatedImageMetadata({ ...metadata, inputs: 1, prompt: 'a' } as never).generatedFrom).toBe('generated from 1 input');
  });
});

import type { NewEvent } from '@sparkhouse/contracts';
import { deciderSpec } from '../../../test-support/decider-spec';
import { mediaModel } from '../infra/media-stream';
import { decide } from './delete-app-media.command';

const saved = (storageKey: string | null): NewEvent => ({
  type: 'AppMediaSaved',
  payload: {
    mediaId: 'm1',
    appId: 'a1',
    ownerId: 'ava',
    type: 'image',
    storageKey,
    externalUrl: storageKey ? null : 'https://example.com/a.png',
    thumbnailKey: null,
    thumbnailUrl: null,
    metadata: {},
    activityId: null,
    isForSimulation: false,
  },
});

describe('DeleteAppMedia decides', () => {
  const spec = deciderSpec(mediaModel, decide);

  it("that the item leaves the library, with its stored file and the file's thumbnail", () => {
    spec
      .given(saved('apps/a1/u1/original.png'))
      .when({ appId: 'a1' })
      .then((events: readonly NewEvent[]) => {
        expect(events).toHaveLength(1);
        expect(events[0]).toMatchObject({
          type: 'AppMediaDeleted',
          payload: { mediaId: 'm1', appId: 'a1', storageKeys: expect.arrayContaining(['apps/a1/u1/original.png']) },
        });
      });
    spec
      .given(saved(null))
      .when({ appId: 'a1' })
      .then([{ type: 'AppMediaDeleted', payload: { mediaId: 'm1', appId: 'a1', storageKeys: [] } }]);
  });

  it("refuses an item of another app's library, one removed already, or none", () => {
    spec.given(saved(null)).when({ appId: 'a2' }).thenThrows('No such media in this app.');
    spec
      .given(saved(null), { type: 'AppMediaDeleted', payload: { mediaId: 'm1', appId: 'a1', storageKeys: [] } })
      .when({ appId: 'a1' })
      .thenThrows('No such media in this app.');
    spec.given().when({ appId: 'a1' }).thenThrows('No such media in this app.');
  });
});

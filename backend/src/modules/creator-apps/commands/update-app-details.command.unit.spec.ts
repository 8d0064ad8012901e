import { deciderSpec } from '../../../test-support/decider-spec';
import { APP_ID, appCreated } from '../domain/app-facts.fixtures';
import { appModel } from '../infra/app-stream';
import { decide } from './update-app-details.command';

describe('UpdateAppDetails decides', () => {
  const spec = deciderSpec(appModel, decide);

  it('only the details that differ from the app', () => {
    spec
      .given(appCreated())
      .when({ appId: APP_ID, changes: { name: 'Trail coach', appIdea: 'Runs on trails' } })
      .then([{ type: 'AppDetailsChanged', payload: { appId: APP_ID, name: 'Trail coach', appIdea: 'Runs on trails' } }]);
    spec
      .given(appCreated())
      .when({ appId: APP_ID, changes: { name: 'Marathon training', canvasSettings: { zoom: 1 } } })
      .then([{ type: 'AppDetailsChanged', payload: { appId: APP_ID, canvasSettings: { zoom: 1 } } }]);
  });

  it('nothing when every detail is as it is; an empty app idea clears it', () => {
    spec
      .given(appCreated())
      .when({ appId: APP_ID, changes: { name: 'Marathon training' } })
      .thenNothing();
    spec
      .given(appCreated())
      .when({ appId: APP_ID, changes: { appIdea: '' } })
      .thenNothing();
    spec
      .given(appCreated(), { type: 'AppDetailsChanged', payload: { appId: APP_ID, appIdea: 'Runs' } })
      .when({ appId: APP_ID, changes: { appIdea: '' } })
      .then([{ type: 'AppDetailsChanged', payload: { appId: APP_ID, appIdea: null } }]);
  });

  it('a new name with its claimed slug moves the app there; the old address is named for the 301', () => {
    const moving = deciderSpec(appModel, (state, command: Parameters<typeof decide>[1]) => decide(state, command, 'trail-coach'));
    moving
      .given(appCreated())
      .when({ appId: APP_ID, changes: { name: 'Trail coach' } })
      .then([
        { type: 'AppDetailsChanged', payload: { appId: APP_ID, name: 'Trail coach' } },
        {
          type: 'AppAddressChanged',
          payload: {
            appId: APP_ID,
            storefrontSlug: 'ava',
            appSlug: 'trail-coach',
            previousStorefrontSlug: 'ava',
            previousAppSlug: 'marathon-training',
            rekeyed: false,
          },
        },
      ]);
    // the same slug (a new name that slugs alike): the address stays
    const same = deciderSpec(appModel, (state, command: Parameters<typeof decide>[1]) =>
      decide(state, command, 'marathon-training'),
    );
    same
      .given(appCreated())
      .when({ appId: APP_ID, changes: { name: 'Marathon Training!' } })
      .then([{ type: 'AppDetailsChanged', payload: { appId: APP_ID, name: 'Marathon Training!' } }]);
    // the fold follows: the address moves, the key (what plans are filed under) stays
    const moved = moving.given(appCreated(), {
      type: 'AppAddressChanged',
      payload: {
        appId: APP_ID,
        storefrontSlug: 'ava',
        appSlug: 'trail-coach',
        previousStorefrontSlug: 'ava',
        previousAppSlug: 'marathon-training',
        rekeyed: false,
      },
    }).state!;
    expect(moved.address).toEqual({ storefrontSlug: 'ava', appSlug: 'trail-coach' });
    expect(moved.appSlug).toBe('marathon-training');
  });

  it('refuses an app that does not exist', () => {
    spec
      .given()
      .when({ appId: APP_ID, changes: { name: 'x' } })
      .thenThrows('No such app.');
  });
});

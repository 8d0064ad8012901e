import { deciderSpec } from '../../../test-support/decider-spec';
import { APP_ID, appCreated } from '../domain/app-facts.fixtures';
import { appModel } from '../infra/app-stream';
import { decide } from './set-app-is-idea.command';

describe('SetAppIsIdea decides', () => {
  const spec = deciderSpec(appModel, decide);

  it('the switch between idea and app, and nothing when it is so already', () => {
    spec
      .given(appCreated())
      .when({ appId: APP_ID, isIdea: true })
      .then([{ type: 'AppIsIdeaChanged', payload: { appId: APP_ID, isIdea: true } }]);
    spec.given(appCreated()).when({ appId: APP_ID, isIdea: false }).thenNothing();
    spec
      .given(appCreated(), { type: 'AppIsIdeaChanged', payload: { appId: APP_ID, isIdea: true } })
      .when({ appId: APP_ID, isIdea: true })
      .thenNothing();
  });
});

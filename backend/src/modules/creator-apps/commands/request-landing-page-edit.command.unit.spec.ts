import { deciderSpec } from '../../../test-support/decider-spec';
import { APP_ID, appCreated, landingPage, versionAdded } from '../domain/app-facts.fixtures';
import { appModel } from '../infra/app-stream';
import { decide, type RequestLandingPageEdit } from './request-landing-page-edit.command';

describe('RequestLandingPageEdit decides', () => {
  const spec = deciderSpec(appModel, (state, command: Pick<RequestLandingPageEdit, 'appId' | 'instruction'>) =>
    decide(state, command, 'run-7'),
  );
  const edit = { appId: APP_ID, instruction: 'Friendlier hero' };

  it('the edit of the current landing page, under its run', () => {
    spec
      .given(appCreated(), versionAdded('landing-page', 1, { ...landingPage, status: 'ready' }))
      .when(edit)
      .then([{ type: 'LandingPageEditRequested', payload: { appId: APP_ID, runId: 'run-7', instruction: 'Friendlier hero' } }]);
  });

  it('refuses an app without a landing page, or with one still being made', () => {
    const none = 'This app has no landing page yet: build the app or save a landing page first.';
    spec.given(appCreated()).when(edit).thenThrows(none);
    spec
      .given(appCreated(), versionAdded('landing-page', 1, { ...landingPage, status: 'pending' }))
      .when(edit)
      .thenThrows(none);
  });
});

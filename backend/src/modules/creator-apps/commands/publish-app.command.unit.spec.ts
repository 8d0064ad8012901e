import { deciderSpec } from '../../../test-support/decider-spec';
import { APP_ID, appCreated, versionAdded } from '../domain/app-facts.fixtures';
import { appModel } from '../infra/app-stream';
import { decide, type PublishApp } from './publish-app.command';

describe('PublishApp decides', () => {
  const at = new Date('2026-11-28T10:00:00.000Z');
  const spec = deciderSpec(appModel, (state, command: Pick<PublishApp, 'appId'>) => decide(state, command, at));

  it('that the current version of each document, the theme and the canvas settings go live', () => {
    spec
      .given(
        appCreated(),
        versionAdded('blueprint', 1, { name: 'v1' }),
        versionAdded('blueprint', 2, { name: 'v2' }),
        versionAdded('landing-page', 1, { status: 'ready' }),
        { type: 'AppThemeChanged', payload: { appId: APP_ID, theme: { primary: '#123456' } } },
      )
      .when({ appId: APP_ID })
      .then([
        {
          type: 'AppPublished',
          payload: {
            appId: APP_ID,
            versions: { blueprint: 'blueprint-2', 'landing-page': 'landing-page-1', 'onboarding-flow': null },
            theme: { primary: '#123456' },
            canvasSettings: null,
            publishedAt: at.toISOString(),
          },
        },
      ]);
  });

  it('refuses an app that does not exist', () => {
    spec.given().when({ appId: APP_ID }).thenThrows('No such app.');
  });
});

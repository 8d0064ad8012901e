import type { NewEvent } from '@sparkhouse/contracts';
import { deciderSpec } from '../../../test-support/decider-spec';
import { APP_ID, appCreated, appImage, landingPage, versionAdded } from '../domain/app-facts.fixtures';
import type { LandingImageChange } from '../domain/landing-page';
import { appModel } from '../infra/app-stream';
import { decide } from './store-landing-images.command';

describe('StoreLandingImages decides', () => {
  const spec = deciderSpec(appModel, decide);
  const hero: LandingImageChange = { kind: 'image', imageType: 'hero', image: appImage };
  const withPage = [appCreated(), versionAdded('landing-page', 1, { ...landingPage, status: 'ready' })];

  it('a new landing-page version with the picture in place, once per run', () => {
    const decided = spec
      .given(...withPage)
      .when({ runId: 'run-3', change: hero })
      .then((events: readonly NewEvent[]) => {
        expect(events).toHaveLength(1);
        expect(events[0]).toMatchObject({
          type: 'AppDocumentVersionAdded',
          payload: { appId: APP_ID, document: 'landing-page', number: 2, reason: 'ai-edit', runId: 'run-3' },
        });
        expect(events[0].payload).toMatchObject({
          content: {
            hero: { ...landingPage.hero, image: { url: appImage.url, alt: 'Run your first marathon' } },
            status: 'ready',
          },
        });
      });
    spec
      .given(...withPage, ...decided)
      .when({ runId: 'run-3', change: hero })
      .thenNothing();
  });

  it('nothing for an app without a landing page', () => {
    spec.given(appCreated()).when({ runId: 'run-3', change: hero }).thenNothing();
  });
});

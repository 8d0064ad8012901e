import type { BuildAppResult, NewEvent } from '@sparkhouse/contracts';
import { deciderSpec } from '../../../test-support/decider-spec';
import { APP_ID, appCreated, appImage, buildStored, landingPage } from '../domain/app-facts.fixtures';
import { appModel } from '../infra/app-stream';
import { decide } from './store-build-result.command';

const result = {
  blueprint: { name: 'Marathon Coach' },
  onboardingFlow: { pages: [] },
  landingPage,
  appImage,
  generatedBy: 'local-generator',
} as unknown as BuildAppResult;

describe('StoreBuildResult decides', () => {
  const spec = deciderSpec(appModel, decide);
  const store = { runId: 'run-1', appId: APP_ID, result };

  it("the build's document versions and image, the blueprint's name for a provisionally named app, and that it was stored", () => {
    spec
      .given(appCreated({ name: 'Marathon training', prompt: 'marathon training' }))
      .when(store)
      .then((events: readonly NewEvent[]) => {
        expect(events.map((e) => e.type)).toEqual([
          'AppDocumentVersionAdded',
          'AppDocumentVersionAdded',
          'AppDocumentVersionAdded',
          'AppImageGenerated',
          'AppDetailsChanged',
          'AppBuildResultStored',
        ]);
        expect(events.slice(0, 3).map((e) => e.payload)).toEqual([
          expect.objectContaining({ document: 'blueprint', number: 1, reason: 'ai-build', runId: 'run-1' }),
          expect.objectContaining({ document: 'onboarding-flow', number: 1, reason: 'ai-build', runId: 'run-1' }),
          expect.objectContaining({ document: 'landing-page', number: 1, content: { ...landingPage, status: 'ready' } }),
        ]);
        expect(events[4].payload).toEqual({ appId: APP_ID, name: 'Marathon Coach' });
        expect(events[5].payload).toEqual({ appId: APP_ID, runId: 'run-1', generatedBy: 'local-generator' });
      });
  });

  it('keeps a name the creator gave', () => {
    spec
      .given(appCreated({ name: 'My own name' }))
      .when(store)
      .then((events: readonly NewEvent[]) => expect(events.map((e) => e.type)).not.toContain('AppDetailsChanged'));
  });

  it('nothing for a run stored (or rejected) before: a redelivered completion stores nothing twice', () => {
    spec.given(appCreated(), buildStored('run-1')).when(store).thenNothing();
    spec
      .given(appCreated(), { type: 'AppBuildResultRejected', payload: { appId: APP_ID, runId: 'run-1', reason: 'bad' } })
      .when(store)
      .thenNothing();
  });

  it('refuses an app that does not exist', () => {
    spec.given().when(store).thenThrows('No such app.');
  });
});

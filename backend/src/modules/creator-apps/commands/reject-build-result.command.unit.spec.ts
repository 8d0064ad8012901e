import { deciderSpec } from '../../../test-support/decider-spec';
import { APP_ID, appCreated, buildStored } from '../domain/app-facts.fixtures';
import { appModel } from '../infra/app-stream';
import { decide } from './reject-build-result.command';

describe('RejectBuildResult decides', () => {
  const spec = deciderSpec(appModel, decide);
  const reject = { runId: 'run-1', appId: APP_ID, reason: 'The blueprint had no name.' };

  it('that the build failed, with why', () => {
    spec
      .given(appCreated())
      .when(reject)
      .then([
        { type: 'AppBuildResultRejected', payload: { appId: APP_ID, runId: 'run-1', reason: 'The blueprint had no name.' } },
      ]);
  });

  it('nothing once the run was settled', () => {
    spec.given(appCreated(), buildStored('run-1')).when(reject).thenNothing();
  });
});

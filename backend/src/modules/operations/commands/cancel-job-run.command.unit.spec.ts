import type { NewEvent } from '@sparkhouse/contracts';
import type { Principal } from '../../../platform/auth/principal';
import { deciderSpec } from '../../../test-support/decider-spec';
import { runModel } from '../infra/streams';
import { CancelJobRun, decide } from './cancel-job-run.command';

const RUN = '11111111-1111-4111-8111-111111111111';
const owner = { ownerId: 'user-1' };
const requested = (name = 'operations.pipeline-check'): NewEvent => ({
  type: 'JobRequested',
  payload: { runId: RUN, name, queue: 'operations', owner, payload: {}, steps: [] },
});
const started: NewEvent = { type: 'JobStarted', payload: { runId: RUN, attempt: 1, workerId: 'w' } };
const cancelAsked: NewEvent = { type: 'JobCancelRequested', payload: { runId: RUN } };
const failed: NewEvent = {
  type: 'JobFailed',
  payload: { runId: RUN, name: 'operations.pipeline-check', owner, attempts: 1, reason: 'boom' },
};
const retried: NewEvent = {
  type: 'JobRetryRequested',
  payload: {
    runId: RUN,
    name: 'operations.pipeline-check',
    queue: 'operations',
    owner,
    payload: {},
    requestedAt: new Date(0).toISOString(),
    correlationId: 'test',
    retry: 1,
  },
};
const user = (id: string, roles: string[] = []): Principal => ({ kind: 'user', id, roles });

describe('CancelJobRun decides', () => {
  const spec = deciderSpec(runModel, decide);
  const byOwner = new CancelJobRun(user('user-1'), RUN);

  it("asks a queued or running run of its owner to stop, once since the run's last retry", () => {
    spec.given(requested()).when(byOwner).then([cancelAsked]);
    spec.given(requested(), started).when(byOwner).then([cancelAsked]);
    spec.given(requested(), started, cancelAsked).when(byOwner).thenNothing();
    spec.given(requested(), cancelAsked, failed, retried).when(byOwner).then([cancelAsked]);
  });

  it("reports someone else's run as missing, and refuses a finished run or a kind that cannot stop", () => {
    spec
      .given(requested())
      .when(new CancelJobRun(user('user-2'), RUN))
      .thenThrows('No such job run.');
    spec
      .given(requested())
      .when(new CancelJobRun(user('operator-1', ['operations-operator']), RUN))
      .then([cancelAsked]);
    spec.given().when(byOwner).thenThrows('No such job run.');
    spec.given(requested(), failed).when(byOwner).thenThrows('This job has already finished.');
    spec.given(requested('creator-apps.blueprint-help')).when(byOwner).thenThrows('This kind of job cannot be canceled.');
  });
});

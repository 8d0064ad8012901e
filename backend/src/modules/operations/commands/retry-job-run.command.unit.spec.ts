import type { NewEvent } from '@sparkhouse/contracts';
import { deciderSpec } from '../../../test-support/decider-spec';
import { runModel } from '../infra/streams';
import { decide } from './retry-job-run.command';

const RUN = '11111111-1111-4111-8111-111111111111';
const owner = { ownerId: 'user-1' };
const name = 'operations.pipeline-check';
const requested: NewEvent = {
  type: 'JobRequested',
  payload: { runId: RUN, name, queue: 'operations', owner, payload: { steps: 3 }, steps: [] },
};
const end = (type: 'JobCompleted' | 'JobFailed' | 'JobCanceled'): NewEvent => ({
  type,
  payload: { runId: RUN, name, owner, result: null, attempts: 1, reason: 'why' },
});
// deciderSpec's facts all happened at time 0, in correlation 'test'
const retry = (n: number): NewEvent => ({
  type: 'JobRetryRequested',
  payload: {
    runId: RUN,
    name,
    queue: 'operations',
    owner,
    payload: { steps: 3 },
    requestedAt: new Date(0).toISOString(),
    correlationId: 'test',
    retry: n,
  },
});

describe('RetryJobRun decides', () => {
  const spec = deciderSpec(runModel, decide);
  const when = { runId: RUN, lost: false };

  it('runs a failed or canceled run again with its request, numbering the retries', () => {
    spec
      .given(requested, end('JobFailed'))
      .when(when)
      .then([retry(1)]);
    spec
      .given(requested, end('JobCanceled'))
      .when(when)
      .then([retry(1)]);
    spec
      .given(requested, end('JobFailed'), retry(1), end('JobFailed'))
      .when(when)
      .then([retry(2)]);
  });

  it('runs a queued or running run again only when its job was lost from its queue', () => {
    spec
      .given(requested)
      .when({ runId: RUN, lost: true })
      .then([retry(1)]);
    spec.given(requested).when(when).thenThrows('Only a failed or canceled run can be retried.');
    spec.given(requested, end('JobFailed'), retry(1)).when(when).thenThrows('Only a failed or canceled run can be retried.');
  });

  it('refuses a completed run, and an unknown one is missing', () => {
    spec
      .given(requested, end('JobCompleted'))
      .when({ runId: RUN, lost: true })
      .thenThrows('Only a failed or canceled run can be retried.');
    spec.given().when(when).thenThrows('No such job run.');
  });
});

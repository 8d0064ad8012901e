import type { PayloadOf, StoredEvent } from '@sparkhouse/contracts';
import { isEventOf } from '@sparkhouse/contracts';
import { notFound } from '../../../platform/http/errors';
import { ADMIN_ROLE, type ActingPrincipal } from './landing-page';

export const testFlowStreamId = (testFlowId: string) => `test-flow-${testFlowId}`;
export const NO_SUCH_TEST_FLOW = 'No such test flow.';

export interface TestFlowStep {
  pageId: string;
  answers: Record<string, unknown>;
}

/** A test flow the caller may change: created, not deleted, theirs (or any, for an admin); 404 otherwise. */
export function ownFlow(principal: ActingPrincipal | null, stream: readonly StoredEvent[]): PayloadOf<'TestFlowCreated'> {
  let created: PayloadOf<'TestFlowCreated'> | undefined;
  for (const e of stream) if (!created && isEventOf(e, 'TestFlowCreated')) created = e.payload;
  const deleted = stream.some((e) => isEventOf(e, 'TestFlowDeleted'));
  const admin = principal?.kind === 'user' && (principal.roles?.includes(ADMIN_ROLE) ?? false);
  if (!created || deleted || principal?.kind !== 'user' || (created.ownerId !== principal.id && !admin))
    throw notFound(NO_SUCH_TEST_FLOW);
  return created;
}

import type { CallResponse } from '@sparkhouse/contracts';
import { callApi, type AnyCall, type CallApiOptions } from '../../api/call-api';
import { getAccessToken } from '../../api/token-store';
import { withAnonymousRetry } from './anonymous-retry';

/**
 * The creator studio's one way to make a call: signed in first, then (for the calls that allow
 * it) once more without sign-in — see anonymous-retry.ts.
 */
export function callCreator<C extends AnyCall>(call: C, options?: CallApiOptions<C>): Promise<CallResponse<C>> {
  const signedIn = getAccessToken() !== null;
  return withAnonymousRetry(call, signedIn, (anonymous) =>
    (callApi as (c: C, o: CallApiOptions<C>) => Promise<CallResponse<C>>)(call, {
      ...(options ?? {}),
      anonymous,
    } as CallApiOptions<C>),
  );
}

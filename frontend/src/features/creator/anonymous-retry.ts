import type { CallAccess } from '@sparkhouse/contracts';
import { isApiError } from '../../api/api-error';

/**
 * Spec 6: saving landing page info, theme, onboarding flow, version history, restore, price
 * options, publish and check-unpublished-changes require auth — those calls are never repeated
 * without sign-in (nor are admin calls).
 */
export const SIGNED_IN_ONLY_CALLS: ReadonlySet<string> = new Set([
  'saveAppLandingPageInfo',
  'updateAppTheme',
  'saveAppOnboardingFlowV2',
  'getLandingPageVersionHistory',
  'getBlueprintVersionHistory',
  'getBlueprintVersionHistoryPaginated',
  'getOnboardingFlowVersionHistoryPaginated',
  'restoreLandingPageVersion',
  'restoreBlueprintVersion',
  'restoreOnboardingFlowVersion',
  'updatePriceOptions',
  'publishApp',
  'checkUnpublishedChanges',
]);

export interface RetryableCall {
  id: string;
  access: CallAccess;
}

/**
 * Spec 6/8: app-builder calls are first tried signed in and, on failure, repeated without sign-in
 * for most endpoints. Only failures the sign-in can explain are repeated — a refused token
 * (401/403), the network, the server — never an answer about the request itself (bad input,
 * not found, conflict), which would come back the same.
 */
export function shouldRetryWithoutSignIn(call: RetryableCall, signedIn: boolean, error: unknown): boolean {
  if (!signedIn) return false;
  if (call.access === 'admin' || SIGNED_IN_ONLY_CALLS.has(call.id)) return false;
  if (error instanceof DOMException && error.name === 'AbortError') return false;
  if (!isApiError(error)) return true;
  return error.status === 0 || error.status === 401 || error.status === 403 || error.status >= 500;
}

/**
 * Run `attempt` signed in, then once more without sign-in when the rule above allows it.
 * When the retry fails as well, the first error is the one that explains what went wrong
 * (spec 8: the other app-builder calls rethrow after the unauthenticated retry).
 */
export async function withAnonymousRetry<T>(
  call: RetryableCall,
  signedIn: boolean,
  attempt: (anonymous: boolean) => Promise<T>,
): Promise<T> {
  try {
    return await attempt(false);
  } catch (error) {
    if (!shouldRetryWithoutSignIn(call, signedIn, error)) throw error;
    try {
      return await attempt(true);
    } catch {
      throw error;
    }
  }
}

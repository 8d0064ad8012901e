import { system } from '@sparkhouse/contracts';
import { API_PREFIX, callApi, identityHeaders } from '../../api/call-api';
import { IDENTITY_ENDPOINT } from './identity-client';

export type SocialProvider = 'Google' | 'SignInWithApple';

/**
 * The hosted login address for a federated provider (spec section 7, hosted login). The
 * authorize endpoint is not served yet; this is the one place that builds it.
 */
export function hostedLoginUrl(provider: SocialProvider, clientId: string, origin = window.location.origin): string {
  const query = new URLSearchParams({
    identity_provider: provider,
    client_id: clientId,
    response_type: 'code',
    redirect_uri: `${origin}/auth/callback`,
    scope: 'email profile openid',
  });
  return `${IDENTITY_ENDPOINT}/oauth2/authorize?${query.toString()}`;
}

/** Leave the page for the hosted login; rejects if the browser refuses to navigate. */
export function startHostedLogin(provider: SocialProvider, clientId: string): void {
  window.location.assign(hostedLoginUrl(provider, clientId));
}

/** GET /up answers { up: 'yes' } when the backend can take a sign-up. */
export async function isBackendUp(): Promise<boolean> {
  try {
    const answer = await callApi(system.up);
    return answer.up === 'yes';
  } catch {
    return false;
  }
}

export interface WaitlistEntry {
  email: string;
  classInterestedIn?: string;
}

/**
 * POST /waitlist/add (its contract arrives with a later issue, so it goes out as plain JSON here).
 * Answers like the spec's apps-area calls: success false with 'Failed to add to waitlist' on failure.
 */
export async function addToWaitlist(entry: WaitlistEntry): Promise<{ success: boolean; error?: string }> {
  try {
    const response = await fetch(`${API_PREFIX}/waitlist/add`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', Accept: 'application/json', ...identityHeaders() },
      body: JSON.stringify(entry),
    });
    return response.ok ? { success: true } : { success: false, error: 'Failed to add to waitlist' };
  } catch {
    return { success: false, error: 'Failed to add to waitlist' };
  }
}

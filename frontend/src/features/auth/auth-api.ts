import { system } from '../../api/routes';
import { API_PREFIX, callApi, identityHeaders } from '../../api/call-api';

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

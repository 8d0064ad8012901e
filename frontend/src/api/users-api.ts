import type { CallBody, CallResponse } from '@sparkhouse/contracts';
import { users } from './routes';
import { clearAnonymousId, getAnonymousId } from './anonymous-id';
import { errorMessage } from './api-error';
import { callApi } from './call-api';
import { callIfDeclared, isRecord } from './backend-calls';

/** The user (spec section 3), exactly as GET /users/getBasicUserInfo answers it. */
export type User = CallResponse<typeof users.getBasicUserInfo>;

/** What the server's email check says about an address: a likely typo fix and a plausibility score. */
export interface EmailCheckInfo {
  suggestion?: string | null;
  score?: number | null;
}

/** The /users calls the client makes (spec section 7, Users and identity). */
export function fetchBasicUserInfo(signal?: AbortSignal): Promise<User> {
  return callApi(users.getBasicUserInfo, { signal });
}

export type MembershipInfo = CallResponse<typeof users.getMembershipInfo>;

export function fetchMembershipInfo(signal?: AbortSignal): Promise<MembershipInfo> {
  return callApi(users.getMembershipInfo, { signal });
}

export type NewBackendUser = CallBody<typeof users.createUser>;

/**
 * POST /users/createUser, as the session that is signing in (`accessToken`): the app is handed that
 * session only once its user exists, so nothing asks for the user before there is one.
 */
export async function createBackendUser(user: NewBackendUser, accessToken?: string): Promise<void> {
  await callApi(users.createUser, { body: { isSocialSignIn: false, ...user }, accessToken });
}

export async function confirmEmail(email: string): Promise<void> {
  await callApi(users.confirmEmail, { body: { email } });
}

/** true / false when the server knows; null when it cannot say (the call failed). */
export async function checkUserExists(email: string): Promise<boolean | null> {
  try {
    return (await callApi(users.checkUserExists, { query: { email } })).exists;
  } catch {
    return null;
  }
}

/** The email check ({ suggestion, score }); null when it fails (the user is then not held up). */
export async function checkEmail(email: string): Promise<EmailCheckInfo | null> {
  try {
    const { suggestion, score } = await callApi(users.checkEmail, { query: { email } });
    return { suggestion, score };
  } catch {
    return null;
  }
}

export interface LinkResult {
  success: boolean;
  dataLinked: boolean;
  error?: string;
}

/** Spec section 5: success only if the answer says so; data linked only if dataLinked is true. */
export function readLinkAnswer(answer: unknown): LinkResult {
  if (!isRecord(answer)) return { success: false, dataLinked: false, error: 'Invalid response format' };
  return {
    success: answer.success === true,
    dataLinked: answer.success === true && answer.dataLinked === true,
    error: typeof answer.error === 'string' ? answer.error : undefined,
  };
}

/**
 * Link the visitor's anonymous id to the signed-in user, once: after a successful link the id is
 * cleared (the next anonymous call gets a new one). A failed link keeps it for the next sign-in.
 */
export async function linkAnonymousUser(): Promise<LinkResult> {
  try {
    const answer = await callApi(users.linkAuthUserWithAnonymousUserId, { body: { anonymousUserId: getAnonymousId() } });
    const result = readLinkAnswer(answer);
    if (result.success) clearAnonymousId();
    return result;
  } catch (error) {
    return { success: false, dataLinked: false, error: errorMessage(error) || 'Unknown error' };
  }
}

/**
 * "Email me my plan": the owner of this address is emailed a one-time link that, once they follow it
 * signed in, links the anonymous visitor's onboarding of an app to their account (spec 7
 * linkOnboardingWithEmail). Every address gets the same answer: success with dataLinked false (nothing
 * is linked yet) and the sentence to show. A failure answers success false with its message or
 * 'Unknown error' (spec 8). The anonymous id stays: the data is linked when the link is followed.
 */
export async function linkOnboardingWithEmail(
  address: { storefrontSlug: string; appSlug: string },
  email: string,
): Promise<LinkResult & { message?: string }> {
  try {
    const answer = await callApi(users.linkOnboardingWithEmail, {
      params: address,
      body: { email: email.trim().toLowerCase(), nonAuthUserId: getAnonymousId() },
    });
    const result = readLinkAnswer(answer);
    return isRecord(answer) && typeof answer.message === 'string' ? { ...result, message: answer.message } : result;
  } catch (error) {
    return { success: false, dataLinked: false, error: errorMessage(error) || 'Unknown error' };
  }
}

/** Follow an emailed plan link, signed in (its refusals reject with the server's sentence). */
export function confirmOnboardingLink(token: string) {
  return callApi(users.confirmOnboardingLink, { body: { token } });
}

/** GET /app-builder/creatorHasAnyApp (a later issue's contract); false when missing or failing (spec fallback). */
export async function creatorHasAnyApp(): Promise<boolean> {
  try {
    const answer = await callIfDeclared('GET', '/app-builder/creatorHasAnyApp');
    return isRecord(answer) && answer.hasAny === true;
  } catch {
    return false;
  }
}

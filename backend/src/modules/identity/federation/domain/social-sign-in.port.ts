import type { KeyObject } from 'node:crypto';

/** The social providers a stand-in may answer for, by the name in its addresses. */
export type StandInName = 'google' | 'apple';

/**
 * The port to a sign-in provider standing in for Google and Apple where they are not configured
 * (outside production: the devkit's, backend/src/devkit/sign-in). Hosted login reaches it in-process,
 * as an OpenID Connect provider: a page to send people to, a code exchange and the signing keys.
 */
export interface SocialSignIn {
  /** Where the browser is sent to sign in (the authorization endpoint, a path on this server). */
  authorizePath(name: StandInName): string;
  issuer(name: StandInName): string;
  /** Exchanges a code once; answers the id token or null when the code is unknown, used or mismatched. */
  exchange(
    name: StandInName,
    req: { code: string; clientId: string; redirectUri: string; codeVerifier?: string },
  ): Promise<{ idToken: string } | null>;
  /** The verification key for a kid, null when unknown. */
  publicKey(kid: string): Promise<KeyObject | null>;
}

/** Injection token of the SocialSignIn stand-in; absent where there is none (production). */
export const SOCIAL_SIGN_IN = Symbol('SocialSignIn');

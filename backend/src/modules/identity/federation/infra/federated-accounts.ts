/** Tokens as the hosted-login token endpoint answers them. */
export interface IssuedTokens {
  accessToken: string;
  idToken: string;
  refreshToken: string;
  expiresIn: number;
}

export type SocialProvider = 'Google' | 'SignInWithApple';

/**
 * What hosted login needs from the account store: find or create the account of a social
 * identity, and mint tokens. The identity provider implements it.
 */
export interface FederatedAccounts {
  resolveFederatedUser(identity: {
    provider: SocialProvider;
    subject: string;
    email: string;
    name?: string;
  }): Promise<{ userId: string }>;
  issueTokens(userId: string, provider: SocialProvider): Promise<IssuedTokens>;
  /** Rotates a refresh token; null when it is unknown, revoked or reused. */
  refresh(refreshToken: string): Promise<IssuedTokens | null>;
}

export const FEDERATED_ACCOUNTS = Symbol('FEDERATED_ACCOUNTS');

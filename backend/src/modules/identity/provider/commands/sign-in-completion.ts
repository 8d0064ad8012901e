import { SignedIn } from '@sparkhouse/contracts';
import type { Account } from '../infra/accounts.repository';
import type { IdentityTokens } from '../infra/identity-tokens';
import type { Work } from '../infra/identity-unit-of-work';

/** The last step of every successful sign-in: a software-token challenge when MFA is on, else a new session's tokens. */
export async function completeSignIn(
  work: Work,
  tokens: IdentityTokens,
  account: Account,
  clientId: string,
  method: 'password' | 'software-token-mfa' | 'new-password',
) {
  if (account.mfaEnabled && method !== 'software-token-mfa') {
    return {
      ChallengeName: 'SOFTWARE_TOKEN_MFA',
      Session: await tokens.challenge(account, 'SOFTWARE_TOKEN_MFA', clientId),
      ChallengeParameters: { USER_ID_FOR_SRP: account.userId },
    };
  }
  const { sessionId, result } = await tokens.signIn(work.em, account, clientId);
  const { userId } = account;
  work.record(userId, { type: SignedIn.type, payload: { userId, sessionId, method } });
  return { AuthenticationResult: result, ChallengeParameters: {} };
}

import { randomUUID } from 'node:crypto';
import { Inject, Injectable } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import { EmailConfirmed, FederatedIdentityLinked, SignedIn, UserAddedToGroup, UserSignedUp } from '@sparkhouse/contracts';
import { APP_CONFIG, type AppConfig } from '../../../platform/config/config';
import type { FederatedAccounts, IssuedTokens, SocialProvider } from '../federation/infra/federated-accounts';
import { IdentityProtocolError } from './domain/protocol-errors';
import { accounts } from './infra/accounts.repository';
import { IdentityTokens, type AuthenticationResult } from './infra/identity-tokens';
import { IdentityUnitOfWork } from './infra/identity-unit-of-work';
import { rows, run } from '../../../platform/database/sql';
import { groupsAtConfirmation } from './infra/call-support';
import { InitiateAuth } from './commands/initiate-auth.command';

const toIssued = (r: AuthenticationResult, refreshToken: string): IssuedTokens => ({
  accessToken: r.AccessToken,
  idToken: r.IdToken,
  refreshToken,
  expiresIn: r.ExpiresIn,
});

/**
 * Google and Apple sign-in for the hosted login: a social identity is linked to the account with
 * its (provider-verified) email, or a new confirmed account without a password is opened for it.
 */
@Injectable()
export class FederatedSignIn implements FederatedAccounts {
  constructor(
    private readonly work: IdentityUnitOfWork,
    private readonly tokens: IdentityTokens,
    private readonly commands: CommandBus,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  async resolveFederatedUser(identity: { provider: SocialProvider; subject: string; email: string; name?: string }) {
    const email = identity.email.trim().toLowerCase();
    return this.work.run(async (work) => {
      const [linked] = await rows<{ user_id: string }>(
        work.em,
        'select user_id from identity_federated_identity where provider = ? and subject = ?',
        [identity.provider, identity.subject],
      );
      if (linked) return { userId: linked.user_id };
      let account = await accounts.byEmail(work.em, email, true);
      if (!account) {
        const [given, ...rest] = (identity.name ?? '').trim().split(/\s+/);
        const attributes = {
          ...(given ? { given_name: given.slice(0, 20) } : {}),
          ...(rest.length ? { family_name: rest.join(' ').slice(0, 20) } : {}),
        };
        const userId = randomUUID();
        const groups = groupsAtConfirmation(email, [], this.config);
        account = {
          userId,
          email,
          emailVerified: true,
          // no password: this account signs in through its social identity (or a password reset)
          passwordHash: '',
          status: 'CONFIRMED',
          attributes,
          groups,
          totpSecret: null,
          totpPendingSecret: null,
          totpLastStep: null,
          mfaEnabled: false,
          smsMfaEnabled: false,
          preferredMfa: null,
          srpSalt: null,
          srpVerifier: null,
        };
        await accounts.insert(work.em, account);
        work.record(
          userId,
          { type: UserSignedUp.type, payload: { userId, email, attributes } },
          { type: EmailConfirmed.type, payload: { userId, email, via: 'social-sign-in' } },
          ...groups.map((group) => ({ type: UserAddedToGroup.type, payload: { userId, group } })),
        );
      }
      await run(work.em, 'insert into identity_federated_identity (provider, subject, user_id) values (?, ?, ?)', [
        identity.provider,
        identity.subject,
        account.userId,
      ]);
      work.record(account.userId, {
        type: FederatedIdentityLinked.type,
        payload: { userId: account.userId, provider: identity.provider, subject: identity.subject },
      });
      return { userId: account.userId };
    });
  }

  async issueTokens(userId: string, provider: SocialProvider): Promise<IssuedTokens> {
    return this.work.run(async (work) => {
      const account = await accounts.byId(work.em, userId);
      if (!account) throw new Error(`account ${userId} vanished during social sign-in`);
      const { sessionId, result } = await this.tokens.signIn(work.em, account, this.config.IDENTITY_CLIENT_ID);
      work.record(userId, { type: SignedIn.type, payload: { userId, sessionId, method: provider } });
      return toIssued(result, result.RefreshToken!);
    });
  }

  async refresh(refreshToken: string): Promise<IssuedTokens | null> {
    try {
      const answer = (await this.commands.execute(
        new InitiateAuth(
          {
            AuthFlow: 'REFRESH_TOKEN_AUTH',
            ClientId: this.config.IDENTITY_CLIENT_ID,
            AuthParameters: { REFRESH_TOKEN: refreshToken },
          },
          { address: 'hosted-login' },
        ),
      )) as { AuthenticationResult?: AuthenticationResult };
      const r = answer.AuthenticationResult;
      return r?.RefreshToken ? toIssued(r, r.RefreshToken) : null;
    } catch (err) {
      if (err instanceof IdentityProtocolError) return null;
      throw err;
    }
  }
}

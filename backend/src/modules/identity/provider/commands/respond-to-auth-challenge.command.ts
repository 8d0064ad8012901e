import { Inject } from '@nestjs/common';
import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { PasswordChanged, SignInFailed, UserAddedToGroup } from '@sparkhouse/contracts';
import { APP_CONFIG, type AppConfig } from '../../../../platform/config/config';
import { passwordPolicyViolation } from '../domain/password-policy';
import { matchTotp } from '../domain/totp';
import { readAttributes } from '../domain/user-attributes';
import { accounts } from '../infra/accounts.repository';
import { IdentityTokens } from '../infra/identity-tokens';
import { CommitThenFail, IdentityUnitOfWork } from '../infra/identity-unit-of-work';
import { hashPassword } from '../infra/password-hashing';
import { RateLimiter } from '../infra/rate-limiter';
import { codeMismatch, invalidParameter, invalidPassword, messages, notAuthorized } from '../protocol/protocol-errors';
import { assertClient, groupsAtConfirmation, IdentityCommand, type CallInfo } from './command-support';
import { completeSignIn } from './sign-in-completion';

export class RespondToAuthChallenge extends IdentityCommand<'RespondToAuthChallenge'> {}

@CommandHandler(RespondToAuthChallenge)
export class RespondToAuthChallengeHandler implements ICommandHandler<RespondToAuthChallenge> {
  constructor(
    private readonly work: IdentityUnitOfWork,
    private readonly tokens: IdentityTokens,
    private readonly limits: RateLimiter,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  async execute({ input, call }: RespondToAuthChallenge) {
    assertClient(input.ClientId, this.config);
    const responses = input.ChallengeResponses ?? {};
    switch (input.ChallengeName) {
      case 'NEW_PASSWORD_REQUIRED':
        return this.newPassword(input.Session, input.ClientId, responses);
      case 'SOFTWARE_TOKEN_MFA':
        return this.softwareToken(input.Session, input.ClientId, responses.SOFTWARE_TOKEN_MFA_CODE ?? '', call);
      default:
        throw invalidParameter(`Challenge not supported: ${input.ChallengeName.slice(0, 64)}`);
    }
  }

  /** Replaces a temporary password (and may set required attributes given as `userAttributes.<name>`). */
  private async newPassword(session: string, clientId: string, responses: Record<string, string>) {
    const userId = await this.tokens.readChallenge(session, 'NEW_PASSWORD_REQUIRED', clientId);
    const password = responses.NEW_PASSWORD ?? '';
    if (!password) throw invalidParameter('Password cannot be empty');
    const violation = passwordPolicyViolation(password);
    if (violation) throw invalidPassword(violation);
    const given = readAttributes(
      Object.entries(responses)
        .filter(([k]) => k.startsWith('userAttributes.'))
        .map(([k, v]) => ({ Name: k.slice('userAttributes.'.length), Value: v })),
    );
    const passwordHash = await hashPassword(password);
    return this.work.run(async (work) => {
      const account = await accounts.byId(work.em, userId, true);
      if (!account || account.status !== 'FORCE_CHANGE_PASSWORD') throw notAuthorized(messages.invalidSession);
      const groups = groupsAtConfirmation(account.email, account.groups, this.config);
      const attributes = { ...account.attributes, ...given.profile };
      await accounts.update(work.em, userId, { passwordHash, status: 'CONFIRMED', emailVerified: true, attributes, groups });
      work.record(userId, { type: PasswordChanged.type, payload: { userId, via: 'new-password-challenge' } });
      for (const group of groups.filter((g) => !account.groups.includes(g))) {
        work.record(userId, { type: UserAddedToGroup.type, payload: { userId, group } });
      }
      return completeSignIn(work, this.tokens, { ...account, groups, attributes, emailVerified: true }, clientId, 'new-password');
    });
  }

  /** Second factor: an RFC 6238 code of the verified software token; a code is accepted once. */
  private async softwareToken(session: string, clientId: string, code: string, call: CallInfo) {
    const userId = await this.tokens.readChallenge(session, 'SOFTWARE_TOKEN_MFA', clientId);
    if (!code) throw invalidParameter('Challenge response cannot be empty');
    return this.work.run(async (work) => {
      const account = await accounts.byId(work.em, userId, true);
      if (!account || !account.mfaEnabled || !account.totpSecret) throw notAuthorized(messages.invalidSession);
      await this.limits.assertSignInAllowed(account.email, call.address);
      const step = matchTotp(account.totpSecret, code, Date.now(), account.totpLastStep);
      if (step === null) {
        await this.limits.recordSignInFailure(account.email, call.address);
        work.record(userId, { type: SignInFailed.type, payload: { userId, reason: 'mfa-code-mismatch' } });
        throw new CommitThenFail(codeMismatch('Invalid code received for user'));
      }
      await accounts.update(work.em, userId, { totpLastStep: step });
      return completeSignIn(work, this.tokens, account, clientId, 'software-token-mfa');
    });
  }
}

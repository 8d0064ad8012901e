import { Inject } from '@nestjs/common';
import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { Database } from '../../../../platform/database/database';
import { MfaEnabled, PasswordChanged, SignInFailed, UserAddedToGroup } from '@sparkhouse/contracts';
import { APP_CONFIG, type AppConfig } from '../../../../platform/config/config';
import { passwordPolicyViolation } from '../domain/password-policy';
import { matchTotp } from '../domain/totp';
import { readAttributes } from '../domain/user-attributes';
import { accounts, type MfaType } from '../infra/accounts.repository';
import { CodeDelivery } from '../infra/code-delivery';
import { IdentityTokens } from '../infra/identity-tokens';
import { CommitThenFail, IdentityUnitOfWork } from '../infra/identity-unit-of-work';
import { hashPassword } from '../infra/password-hashing';
import { RateLimiter } from '../infra/rate-limiter';
import { SrpCredentials } from '../infra/srp-credentials';
import { codeMismatch, invalidParameter, invalidPassword, messages, notAuthorized } from '../domain/protocol-errors';
import { SignInSteps } from '../infra/sign-in-steps';
import { answerNoSoonerThan, assertClient, groupsAtConfirmation, IdentityCommand, type CallInfo } from '../infra/call-support';

export class RespondToAuthChallenge extends IdentityCommand<'RespondToAuthChallenge'> {}

/** Every challenge a sign-in can answer with, in the hosted pool's names and response parameters. */
@CommandHandler(RespondToAuthChallenge)
export class RespondToAuthChallengeHandler implements ICommandHandler<RespondToAuthChallenge> {
  constructor(
    private readonly orm: Database,
    private readonly work: IdentityUnitOfWork,
    private readonly tokens: IdentityTokens,
    private readonly limits: RateLimiter,
    private readonly steps: SignInSteps,
    private readonly srp: SrpCredentials,
    private readonly codes: CodeDelivery,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  async execute({ input, call }: RespondToAuthChallenge) {
    assertClient(input.ClientId, this.config);
    const r = input.ChallengeResponses ?? {};
    const { Session: session, ClientId: clientId } = input;
    switch (input.ChallengeName) {
      case 'PASSWORD_VERIFIER':
        return answerNoSoonerThan(this.config.IDENTITY_UNIFORM_ANSWER_MS, () =>
          this.steps.passwordVerifier(session, r, clientId, call.address),
        );
      case 'DEVICE_SRP_AUTH':
        return this.steps.beginDeviceVerifier(session, r, clientId, call.address);
      case 'DEVICE_PASSWORD_VERIFIER':
        return this.steps.deviceVerifier(session, r, clientId, call.address);
      case 'NEW_PASSWORD_REQUIRED':
        return this.newPassword(session, clientId, r);
      case 'SOFTWARE_TOKEN_MFA':
        return this.softwareToken(session, clientId, r.SOFTWARE_TOKEN_MFA_CODE ?? '', call);
      case 'SMS_MFA':
        return this.smsCode(session, clientId, r.SMS_MFA_CODE ?? '', call);
      case 'SELECT_MFA_TYPE':
        return this.selectMfa(session, clientId, r.ANSWER ?? '');
      case 'MFA_SETUP':
        return this.mfaSetUp(session, clientId);
      case 'CUSTOM_CHALLENGE':
        return this.steps.customAnswer(session, r, clientId, call.address);
      default:
        throw invalidParameter(`Challenge not supported: ${input.ChallengeName.slice(0, 64)}`);
    }
  }

  /** Replaces a temporary password (and may set required attributes given as `userAttributes.<name>`). */
  private async newPassword(session: string, clientId: string, responses: Record<string, string>) {
    const { userId, context } = await this.tokens.readChallengeContext(session, ['NEW_PASSWORD_REQUIRED'], clientId);
    const password = responses.NEW_PASSWORD ?? '';
    if (!password) throw invalidParameter('The new-password challenge needs a new password: NEW_PASSWORD cannot be empty');
    const violation = passwordPolicyViolation(password);
    if (violation) throw invalidPassword(violation);
    const given = readAttributes(
      Object.entries(responses)
        .filter(([k]) => k.startsWith('userAttributes.'))
        .map(([k, v]) => ({ Name: k.slice('userAttributes.'.length), Value: v })),
    );
    const passwordHash = await hashPassword(password);
    const credentials = await this.srp.forPassword(userId, password);
    const account = await this.work.run(async (work) => {
      const found = await accounts.byId(work.em, userId, true);
      if (!found || found.status !== 'FORCE_CHANGE_PASSWORD') throw notAuthorized(messages.invalidSession);
      const groups = groupsAtConfirmation(found.email, found.groups, this.config);
      const attributes = { ...found.attributes, ...given.profile };
      const changes = { passwordHash, ...credentials, status: 'CONFIRMED' as const, emailVerified: true, attributes, groups };
      await accounts.update(work.em, userId, changes);
      work.record(userId, { type: PasswordChanged.type, payload: { userId, via: 'new-password-challenge' } });
      for (const group of groups.filter((g) => !found.groups.includes(g))) {
        work.record(userId, { type: UserAddedToGroup.type, payload: { userId, group } });
      }
      return { ...found, ...changes };
    });
    return this.steps.afterFirstFactor(account, clientId, context, 'new-password');
  }

  /** Second factor: an RFC 6238 code of the verified software token; a code is accepted once. */
  private async softwareToken(session: string, clientId: string, code: string, call: CallInfo) {
    const { userId, context } = await this.tokens.readChallengeContext(session, ['SOFTWARE_TOKEN_MFA'], clientId);
    if (!code) throw invalidParameter('Challenge response cannot be empty');
    const account = await this.work.run(async (work) => {
      const found = await accounts.byId(work.em, userId, true);
      if (!found || !found.mfaEnabled || !found.totpSecret) throw notAuthorized(messages.invalidSession);
      await this.limits.assertSignInAllowed(found.email, call.address);
      const step = matchTotp(found.totpSecret, code, Date.now(), found.totpLastStep);
      if (step === null) {
        await this.limits.recordSignInFailure(found.email, call.address);
        work.record(userId, { type: SignInFailed.type, payload: { userId, reason: 'mfa-code-mismatch' } });
        throw new CommitThenFail(codeMismatch('Invalid code received for user'));
      }
      await accounts.update(work.em, userId, { totpLastStep: step });
      return found;
    });
    return this.steps.afterFirstFactor(account, clientId, { ...context, mfaDone: true }, 'software-token-mfa');
  }

  /** Second factor: the code texted for this sign-in (through the outbox). */
  private async smsCode(session: string, clientId: string, code: string, call: CallInfo) {
    const { userId, context } = await this.tokens.readChallengeContext(session, ['SMS_MFA'], clientId);
    if (!code) throw invalidParameter('Challenge response cannot be empty');
    const account = await this.work.run(async (work) => {
      const found = await accounts.byId(work.em, userId, true);
      if (!found) throw notAuthorized(messages.invalidSession);
      await this.limits.assertSignInAllowed(found.email, call.address);
      try {
        await this.codes.redeem(work, userId, 'sms-mfa', code.trim());
      } catch (err) {
        await this.limits.recordSignInFailure(found.email, call.address);
        if (err instanceof CommitThenFail) {
          work.record(userId, { type: SignInFailed.type, payload: { userId, reason: 'sms-mfa-code-mismatch' } });
          throw new CommitThenFail(codeMismatch('Invalid code or auth state for the user.'));
        }
        throw err;
      }
      return found;
    });
    return this.steps.afterFirstFactor(account, clientId, { ...context, mfaDone: true }, 'sms-mfa');
  }

  /** SELECT_MFA_TYPE: ANSWER names one of the factors offered; that factor's challenge follows. */
  private async selectMfa(session: string, clientId: string, answer: string) {
    const { userId, context } = await this.tokens.readChallengeContext(session, ['SELECT_MFA_TYPE'], clientId);
    if (!answer) throw invalidParameter('No valid MFA method provided');
    if (answer !== 'SMS_MFA' && answer !== 'SOFTWARE_TOKEN_MFA') throw invalidParameter('Invalid MFA type');
    const account = await accounts.byId(this.orm.em.fork(), userId);
    if (!account) throw notAuthorized(messages.invalidSession);
    return this.steps.mfaChallenge(account, answer as MfaType, clientId, context);
  }

  /** MFA_SETUP: answered once a software token was associated and verified with this session. */
  private async mfaSetUp(session: string, clientId: string) {
    const { userId, context } = await this.tokens.readChallengeContext(session, ['MFA_SETUP'], clientId);
    const account = await this.work.run(async (work) => {
      const found = await accounts.byId(work.em, userId, true);
      if (!found) throw notAuthorized(messages.invalidSession);
      if (!found.totpSecret)
        throw invalidParameter(
          'Software token MFA has not been set up: call AssociateSoftwareToken and VerifySoftwareToken with this session.',
        );
      if (!found.mfaEnabled) {
        await accounts.update(work.em, userId, { mfaEnabled: true });
        work.record(userId, { type: MfaEnabled.type, payload: { userId, method: 'SOFTWARE_TOKEN_MFA' } });
      }
      return { ...found, mfaEnabled: true };
    });
    return this.steps.afterFirstFactor(account, clientId, { ...context, mfaDone: true }, 'mfa-setup');
  }
}

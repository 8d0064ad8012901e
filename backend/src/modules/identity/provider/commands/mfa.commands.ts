import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { MfaDisabled, MfaEnabled, SoftwareTokenAssociated, SoftwareTokenVerified } from '@sparkhouse/contracts';
import { IdentityProtocolError, invalidParameter } from '../protocol/protocol-errors';
import { matchTotp, newTotpSecret } from '../domain/totp';
import { accounts } from '../infra/accounts.repository';
import { IdentityTokens } from '../infra/identity-tokens';
import { CommitThenFail, IdentityUnitOfWork } from '../infra/identity-unit-of-work';
import { RateLimiter } from '../infra/rate-limiter';
import { IdentityCommand } from './command-support';

export class AssociateSoftwareToken extends IdentityCommand<'AssociateSoftwareToken'> {}
export class VerifySoftwareToken extends IdentityCommand<'VerifySoftwareToken'> {}
export class SetUserMFAPreference extends IdentityCommand<'SetUserMFAPreference'> {}

/** A new secret waits as pending until a code from it is verified. */
@CommandHandler(AssociateSoftwareToken)
export class AssociateSoftwareTokenHandler implements ICommandHandler<AssociateSoftwareToken> {
  constructor(
    private readonly work: IdentityUnitOfWork,
    private readonly tokens: IdentityTokens,
  ) {}

  async execute({ input }: AssociateSoftwareToken) {
    return this.work.run(async (work) => {
      const account = await this.tokens.authenticate(work.em, input.AccessToken, true);
      const secret = newTotpSecret();
      await accounts.update(work.em, account.userId, { totpPendingSecret: secret });
      work.record(account.userId, { type: SoftwareTokenAssociated.type, payload: { userId: account.userId } });
      return { SecretCode: secret };
    });
  }
}

@CommandHandler(VerifySoftwareToken)
export class VerifySoftwareTokenHandler implements ICommandHandler<VerifySoftwareToken> {
  constructor(
    private readonly work: IdentityUnitOfWork,
    private readonly tokens: IdentityTokens,
    private readonly limits: RateLimiter,
  ) {}

  async execute({ input, call }: VerifySoftwareToken) {
    return this.work.run(async (work) => {
      const account = await this.tokens.authenticate(work.em, input.AccessToken, true);
      const secret = account.totpPendingSecret;
      if (!secret) throw invalidParameter('User has not associated a software token.');
      await this.limits.assertSignInAllowed(account.email, call.address);
      const step = matchTotp(secret, input.UserCode, Date.now());
      if (step === null) {
        await this.limits.recordSignInFailure(account.email, call.address);
        throw new CommitThenFail(new IdentityProtocolError('EnableSoftwareTokenMFAException', 'Code mismatch'));
      }
      await accounts.update(work.em, account.userId, { totpSecret: secret, totpPendingSecret: null, totpLastStep: step });
      const deviceName = input.FriendlyDeviceName || 'My TOTP device';
      work.record(account.userId, { type: SoftwareTokenVerified.type, payload: { userId: account.userId, deviceName } });
      return { Status: 'SUCCESS' };
    });
  }
}

@CommandHandler(SetUserMFAPreference)
export class SetUserMFAPreferenceHandler implements ICommandHandler<SetUserMFAPreference> {
  constructor(
    private readonly work: IdentityUnitOfWork,
    private readonly tokens: IdentityTokens,
  ) {}

  async execute({ input }: SetUserMFAPreference) {
    if (input.SMSMfaSettings !== undefined || input.EmailMfaSettings !== undefined) {
      throw invalidParameter('Only software token MFA is supported.');
    }
    const enabled = input.SoftwareTokenMfaSettings?.Enabled;
    return this.work.run(async (work) => {
      const account = await this.tokens.authenticate(work.em, input.AccessToken, true);
      const { userId } = account;
      if (enabled === true && !account.mfaEnabled) {
        if (!account.totpSecret) throw invalidParameter('User has not verified software token mfa');
        await accounts.update(work.em, userId, { mfaEnabled: true });
        work.record(userId, { type: MfaEnabled.type, payload: { userId, method: 'SOFTWARE_TOKEN_MFA' } });
      } else if (enabled === false && account.mfaEnabled) {
        await accounts.update(work.em, userId, { mfaEnabled: false });
        work.record(userId, { type: MfaDisabled.type, payload: { userId, method: 'SOFTWARE_TOKEN_MFA' } });
      }
      return {};
    });
  }
}

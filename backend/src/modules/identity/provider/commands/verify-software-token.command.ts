import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { SoftwareTokenVerified } from '@sparkhouse/contracts';
import { IdentityProtocolError, invalidParameter } from '../domain/protocol-errors';
import { matchTotp } from '../domain/totp';
import { accounts } from '../infra/accounts.repository';
import { IdentityTokens } from '../infra/identity-tokens';
import { CommitThenFail, IdentityUnitOfWork } from '../infra/identity-unit-of-work';
import { RateLimiter } from '../infra/rate-limiter';
import { IdentityCommand } from '../infra/call-support';
import { caller } from '../infra/mfa-settings';

export class VerifySoftwareToken extends IdentityCommand<'VerifySoftwareToken'> {}

@CommandHandler(VerifySoftwareToken)
export class VerifySoftwareTokenHandler implements ICommandHandler<VerifySoftwareToken> {
  constructor(
    private readonly work: IdentityUnitOfWork,
    private readonly tokens: IdentityTokens,
    private readonly limits: RateLimiter,
  ) {}

  async execute({ input, call }: VerifySoftwareToken) {
    return this.work.run(async (work) => {
      const { account, session } = await caller(this.tokens, work.em, input);
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
      return { Status: 'SUCCESS', ...(session ? { Session: session } : {}) };
    });
  }
}

import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { SoftwareTokenAssociated } from '@sparkhouse/contracts';
import { newTotpSecret } from '../domain/totp';
import { accounts } from '../infra/accounts.repository';
import { IdentityTokens } from '../infra/identity-tokens';
import { IdentityUnitOfWork } from '../infra/identity-unit-of-work';
import { IdentityCommand } from '../infra/call-support';
import { caller } from '../infra/mfa-settings';

export class AssociateSoftwareToken extends IdentityCommand<'AssociateSoftwareToken'> {}

/** A new secret waits as pending until a code from it is verified. */
@CommandHandler(AssociateSoftwareToken)
export class AssociateSoftwareTokenHandler implements ICommandHandler<AssociateSoftwareToken> {
  constructor(
    private readonly work: IdentityUnitOfWork,
    private readonly tokens: IdentityTokens,
  ) {}

  async execute({ input }: AssociateSoftwareToken) {
    return this.work.run(async (work) => {
      const { account, session } = await caller(this.tokens, work.em, input);
      const secret = newTotpSecret();
      await accounts.update(work.em, account.userId, { totpPendingSecret: secret });
      work.record(account.userId, { type: SoftwareTokenAssociated.type, payload: { userId: account.userId } });
      return { SecretCode: secret, ...(session ? { Session: session } : {}) };
    });
  }
}

import { Inject } from '@nestjs/common';
import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { EmailConfirmed, UserAddedToGroup } from '@sparkhouse/contracts';
import { APP_CONFIG, type AppConfig } from '../../../../platform/config/config';
import { accounts } from '../infra/accounts.repository';
import { CodeDelivery } from '../infra/code-delivery';
import { IdentityUnitOfWork } from '../infra/identity-unit-of-work';
import { codeMismatch, messages, notAuthorized } from '../domain/protocol-errors';
import { accountKey, assertClient, groupsAtConfirmation, IdentityCommand } from '../infra/call-support';

export class ConfirmSignUp extends IdentityCommand<'ConfirmSignUp'> {}

@CommandHandler(ConfirmSignUp)
export class ConfirmSignUpHandler implements ICommandHandler<ConfirmSignUp> {
  constructor(
    private readonly work: IdentityUnitOfWork,
    private readonly codes: CodeDelivery,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  async execute({ input }: ConfirmSignUp) {
    assertClient(input.ClientId, this.config);
    return this.work.run(async (work) => {
      const account = await accounts.byEmail(work.em, accountKey(input.Username), true);
      // no account answers as a wrong code does
      if (!account) throw codeMismatch(messages.codeMismatch);
      if (account.status !== 'UNCONFIRMED') {
        throw notAuthorized(`User cannot be confirmed. Current status is ${account.status}`);
      }
      await this.codes.redeem(work, account.userId, 'sign-up', input.ConfirmationCode);
      const groups = groupsAtConfirmation(account.email, account.groups, this.config);
      await accounts.update(work.em, account.userId, { status: 'CONFIRMED', emailVerified: true, groups });
      const { userId, email } = account;
      work.record(userId, { type: EmailConfirmed.type, payload: { userId, email, via: 'sign-up' } });
      for (const group of groups.filter((g) => !account.groups.includes(g))) {
        work.record(userId, { type: UserAddedToGroup.type, payload: { userId, group } });
      }
      return {};
    });
  }
}

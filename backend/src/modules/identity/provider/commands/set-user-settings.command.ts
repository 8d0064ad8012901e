import { Inject } from '@nestjs/common';
import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { APP_CONFIG, type AppConfig } from '../../../../platform/config/config';
import { invalidParameter } from '../domain/protocol-errors';
import { accounts } from '../infra/accounts.repository';
import { IdentityTokens } from '../infra/identity-tokens';
import { IdentityUnitOfWork } from '../infra/identity-unit-of-work';
import { IdentityCommand } from '../infra/call-support';
import { applyMfaSettings } from '../infra/mfa-settings';

export class SetUserSettings extends IdentityCommand<'SetUserSettings'> {}

/** The older call: MFAOptions [{ DeliveryMedium: 'SMS', AttributeName: 'phone_number' }] turns SMS MFA on, [] off. */
@CommandHandler(SetUserSettings)
export class SetUserSettingsHandler implements ICommandHandler<SetUserSettings> {
  constructor(
    private readonly work: IdentityUnitOfWork,
    private readonly tokens: IdentityTokens,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  async execute({ input }: SetUserSettings) {
    const sms = input.MFAOptions.some((o) => o.DeliveryMedium === 'SMS');
    if (input.MFAOptions.some((o) => o.DeliveryMedium !== 'SMS' || (o.AttributeName ?? 'phone_number') !== 'phone_number')) {
      throw invalidParameter('Only SMS to the phone_number attribute is supported in MFAOptions.');
    }
    if (sms && this.config.IDENTITY_MFA === 'off') throw invalidParameter('MFA is off for this user pool.');
    return this.work.run(async (work) => {
      const account = await this.tokens.authenticate(work.em, input.AccessToken, true);
      const changes = applyMfaSettings(account, { SMS_MFA: { Enabled: sms } }, this.config);
      await accounts.update(work.em, account.userId, changes.account);
      if (changes.events.length) work.record(account.userId, ...changes.events);
      return {};
    });
  }
}

import { Inject } from '@nestjs/common';
import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { APP_CONFIG, type AppConfig } from '../../../../platform/config/config';
import { invalidParameter } from '../domain/protocol-errors';
import { accounts } from '../infra/accounts.repository';
import { IdentityTokens } from '../infra/identity-tokens';
import { IdentityUnitOfWork } from '../infra/identity-unit-of-work';
import { IdentityCommand } from '../infra/call-support';
import { applyMfaSettings } from '../infra/mfa-settings';

export class SetUserMFAPreference extends IdentityCommand<'SetUserMFAPreference'> {}

/**
 * Turns factors on or off and sets the preferred one. SMS needs a verified phone number, TOTP a
 * verified software token; a preferred factor is turned on with it.
 */
@CommandHandler(SetUserMFAPreference)
export class SetUserMFAPreferenceHandler implements ICommandHandler<SetUserMFAPreference> {
  constructor(
    private readonly work: IdentityUnitOfWork,
    private readonly tokens: IdentityTokens,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  async execute({ input }: SetUserMFAPreference) {
    if (input.EmailMfaSettings !== undefined) throw invalidParameter('Email MFA is not supported by this user pool.');
    if (this.config.IDENTITY_MFA === 'off') throw invalidParameter('MFA is off for this user pool.');
    return this.work.run(async (work) => {
      const account = await this.tokens.authenticate(work.em, input.AccessToken, true);
      const changes = applyMfaSettings(
        account,
        { SMS_MFA: input.SMSMfaSettings, SOFTWARE_TOKEN_MFA: input.SoftwareTokenMfaSettings },
        this.config,
      );
      await accounts.update(work.em, account.userId, changes.account);
      if (changes.events.length) work.record(account.userId, ...changes.events);
      return {};
    });
  }
}

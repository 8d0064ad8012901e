import { IQueryHandler, QueryHandler } from '@nestjs/cqrs';
import { Database } from '../../../../platform/database/database';
import { attributeList } from '../domain/user-attributes';
import { IdentityTokens } from '../infra/identity-tokens';
import type { CallInfo } from '../infra/call-support';
import type { ActionInput } from '../domain/protocol-inputs';

export class GetUser {
  constructor(
    readonly input: ActionInput<'GetUser'>,
    readonly call: CallInfo,
  ) {}
}

@QueryHandler(GetUser)
export class GetUserHandler implements IQueryHandler<GetUser> {
  constructor(
    private readonly orm: Database,
    private readonly tokens: IdentityTokens,
  ) {}

  async execute({ input }: GetUser) {
    const account = await this.tokens.authenticate(this.orm.em.fork(), input.AccessToken);
    const factors = [...(account.smsMfaEnabled ? ['SMS_MFA'] : []), ...(account.mfaEnabled ? ['SOFTWARE_TOKEN_MFA'] : [])];
    const preferred = account.preferredMfa ?? (factors.length === 1 ? factors[0] : undefined);
    return {
      Username: account.userId,
      UserAttributes: attributeList(account),
      MFAOptions: account.smsMfaEnabled ? [{ DeliveryMedium: 'SMS', AttributeName: 'phone_number' }] : [],
      ...(preferred ? { PreferredMfaSetting: preferred } : {}),
      UserMFASettingList: factors,
    };
  }
}

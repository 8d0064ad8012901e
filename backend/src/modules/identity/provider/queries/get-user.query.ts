import { IQueryHandler, QueryHandler } from '@nestjs/cqrs';
import { MikroORM } from '@mikro-orm/postgresql';
import { attributeList } from '../domain/user-attributes';
import { IdentityTokens } from '../infra/identity-tokens';
import type { CallInfo } from '../commands/command-support';
import type { ActionInput } from '../protocol/protocol-inputs';

export class GetUser {
  constructor(
    readonly input: ActionInput<'GetUser'>,
    readonly call: CallInfo,
  ) {}
}

@QueryHandler(GetUser)
export class GetUserHandler implements IQueryHandler<GetUser> {
  constructor(
    private readonly orm: MikroORM,
    private readonly tokens: IdentityTokens,
  ) {}

  async execute({ input }: GetUser) {
    const account = await this.tokens.authenticate(this.orm.em.fork(), input.AccessToken);
    return {
      Username: account.userId,
      UserAttributes: attributeList(account),
      MFAOptions: [],
      ...(account.mfaEnabled ? { PreferredMfaSetting: 'SOFTWARE_TOKEN_MFA' } : {}),
      UserMFASettingList: account.mfaEnabled ? ['SOFTWARE_TOKEN_MFA'] : [],
    };
  }
}

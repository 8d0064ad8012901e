import { IQueryHandler, QueryHandler } from '@nestjs/cqrs';
import { Database } from '../../../../platform/database/database';
import { devices, deviceView } from '../infra/devices.repository';
import { IdentityTokens } from '../infra/identity-tokens';
import type { CallInfo } from '../infra/call-support';
import type { ActionInput } from '../domain/protocol-inputs';

export class ListDevices {
  constructor(
    readonly input: ActionInput<'ListDevices'>,
    readonly call: CallInfo,
  ) {}
}

/** The user's confirmed devices, oldest first, `Limit` (1-60) a page; PaginationToken continues. */
@QueryHandler(ListDevices)
export class ListDevicesHandler implements IQueryHandler<ListDevices> {
  constructor(
    private readonly orm: Database,
    private readonly tokens: IdentityTokens,
  ) {}

  async execute({ input }: ListDevices) {
    const em = this.orm.em.fork();
    const account = await this.tokens.authenticate(em, input.AccessToken);
    const limit = input.Limit ?? 60;
    const after = input.PaginationToken ? Buffer.from(input.PaginationToken, 'base64url').toString('utf8') : null;
    const page = await devices.list(em, account.userId, limit + 1, after);
    const shown = page.slice(0, limit);
    const next = page.length > limit ? Buffer.from(shown[shown.length - 1].deviceKey, 'utf8').toString('base64url') : undefined;
    return { Devices: shown.map(deviceView), ...(next ? { PaginationToken: next } : {}) };
  }
}

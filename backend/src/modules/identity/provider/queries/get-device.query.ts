import { IQueryHandler, QueryHandler } from '@nestjs/cqrs';
import { Database } from '../../../../platform/database/database';
import { devices, deviceView } from '../infra/devices.repository';
import { IdentityTokens } from '../infra/identity-tokens';
import type { CallInfo } from '../infra/call-support';
import type { ActionInput } from '../domain/protocol-inputs';
import { invalidParameter, resourceNotFound } from '../domain/protocol-errors';
import { DEVICE_NOT_FOUND } from '../infra/sign-in-steps';

export class GetDevice {
  constructor(
    readonly input: ActionInput<'GetDevice'>,
    readonly call: CallInfo,
  ) {}
}

/** One of the user's devices (by default the one the access token was issued on). */
@QueryHandler(GetDevice)
export class GetDeviceHandler implements IQueryHandler<GetDevice> {
  constructor(
    private readonly orm: Database,
    private readonly tokens: IdentityTokens,
  ) {}

  async execute({ input }: GetDevice) {
    if (!input.AccessToken) throw invalidParameter('AccessToken cannot be empty');
    const em = this.orm.em.fork();
    const { account, deviceKey } = await this.tokens.authenticateWithClaims(em, input.AccessToken);
    const key = input.DeviceKey || deviceKey;
    const device = key ? await devices.find(em, account.userId, key) : null;
    if (!device) throw resourceNotFound(DEVICE_NOT_FOUND);
    return { Device: deviceView(device) };
  }
}

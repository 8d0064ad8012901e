import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { DeviceForgotten } from '@sparkhouse/contracts';
import { devices } from '../infra/devices.repository';
import { IdentityTokens } from '../infra/identity-tokens';
import { IdentityUnitOfWork } from '../infra/identity-unit-of-work';
import { invalidParameter, resourceNotFound } from '../domain/protocol-errors';
import { DEVICE_NOT_FOUND } from '../infra/sign-in-steps';
import { IdentityCommand } from '../infra/call-support';

export class ForgetDevice extends IdentityCommand<'ForgetDevice'> {}

/** Forgets a device (the given one, or the one the access token was issued on): it signs in as a new device again. */
@CommandHandler(ForgetDevice)
export class ForgetDeviceHandler implements ICommandHandler<ForgetDevice> {
  constructor(
    private readonly work: IdentityUnitOfWork,
    private readonly tokens: IdentityTokens,
  ) {}

  async execute({ input }: ForgetDevice) {
    if (!input.AccessToken) throw invalidParameter('AccessToken cannot be empty');
    const accessToken = input.AccessToken;
    return this.work.run(async (work) => {
      const { account, deviceKey: current } = await this.tokens.authenticateWithClaims(work.em, accessToken, true);
      const deviceKey = input.DeviceKey || current;
      const { userId } = account;
      if (!deviceKey || !(await devices.find(work.em, userId, deviceKey))) throw resourceNotFound(DEVICE_NOT_FOUND);
      await devices.forget(work.em, userId, deviceKey);
      work.record(userId, { type: DeviceForgotten.type, payload: { userId, deviceKey } });
      return {};
    });
  }
}

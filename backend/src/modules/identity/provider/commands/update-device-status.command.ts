import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { DeviceStatusUpdated } from '@sparkhouse/contracts';
import { devices } from '../infra/devices.repository';
import { IdentityTokens } from '../infra/identity-tokens';
import { IdentityUnitOfWork } from '../infra/identity-unit-of-work';
import { resourceNotFound } from '../domain/protocol-errors';
import { DEVICE_NOT_FOUND } from '../infra/sign-in-steps';
import { IdentityCommand } from '../infra/call-support';

export class UpdateDeviceStatus extends IdentityCommand<'UpdateDeviceStatus'> {}

@CommandHandler(UpdateDeviceStatus)
export class UpdateDeviceStatusHandler implements ICommandHandler<UpdateDeviceStatus> {
  constructor(
    private readonly work: IdentityUnitOfWork,
    private readonly tokens: IdentityTokens,
  ) {}

  async execute({ input }: UpdateDeviceStatus) {
    const remembered = input.DeviceRememberedStatus === 'remembered';
    return this.work.run(async (work) => {
      const account = await this.tokens.authenticate(work.em, input.AccessToken, true);
      const { userId } = account;
      const device = await devices.find(work.em, userId, input.DeviceKey);
      if (!device) throw resourceNotFound(DEVICE_NOT_FOUND);
      if (device.remembered !== remembered) {
        await devices.setRemembered(work.em, userId, input.DeviceKey, remembered);
        work.record(userId, { type: DeviceStatusUpdated.type, payload: { userId, deviceKey: input.DeviceKey, remembered } });
      }
      return {};
    });
  }
}

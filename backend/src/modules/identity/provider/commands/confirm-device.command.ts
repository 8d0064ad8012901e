import { Inject } from '@nestjs/common';
import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { DeviceConfirmed } from '@sparkhouse/contracts';
import { APP_CONFIG, type AppConfig } from '../../../../platform/config/config';
import { devices } from '../infra/devices.repository';
import { IdentityTokens } from '../infra/identity-tokens';
import { IdentityUnitOfWork } from '../infra/identity-unit-of-work';
import { PoolSecret } from '../infra/pool-secret';
import { invalidParameter, resourceNotFound } from '../domain/protocol-errors';
import { DEVICE_NOT_FOUND } from '../infra/sign-in-steps';
import { IdentityCommand } from '../infra/call-support';

export class ConfirmDevice extends IdentityCommand<'ConfirmDevice'> {}

const base64ToHex = (value: string, label: string) => {
  if (!/^[A-Za-z0-9+/]+={0,2}$/.test(value)) throw invalidParameter(`${label} must be base64`);
  const hex = Buffer.from(value, 'base64').toString('hex');
  if (hex.length < 2 || hex.length > 1600) throw invalidParameter(`${label} is not a valid SRP value`);
  return hex;
};

/**
 * Confirms the device a sign-in offered (NewDeviceMetadata): the client made a random password for
 * it and sends only its SRP salt and verifier. With tracking 'always' it is remembered at once;
 * with 'user-opt-in' the answer asks the client to let the user decide (UpdateDeviceStatus).
 */
@CommandHandler(ConfirmDevice)
export class ConfirmDeviceHandler implements ICommandHandler<ConfirmDevice> {
  constructor(
    private readonly work: IdentityUnitOfWork,
    private readonly tokens: IdentityTokens,
    private readonly secret: PoolSecret,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  async execute({ input, call }: ConfirmDevice) {
    const tracking = this.config.IDENTITY_DEVICE_TRACKING;
    if (tracking === 'off') throw invalidParameter('Device tracking is off for this user pool.');
    const salt = base64ToHex(input.DeviceSecretVerifierConfig?.Salt ?? '', 'Salt');
    const verifier = base64ToHex(input.DeviceSecretVerifierConfig?.PasswordVerifier ?? '', 'PasswordVerifier');
    const deviceGroupKey = await this.secret.deviceGroupKey(input.DeviceKey);
    return this.work.run(async (work) => {
      const { account, deviceKey } = await this.tokens.authenticateWithClaims(work.em, input.AccessToken, true);
      // only the device this sign-in was offered (or one of the user's own, confirmed again)
      const known = deviceKey === input.DeviceKey || (await devices.find(work.em, account.userId, input.DeviceKey));
      if (!known) throw resourceNotFound(DEVICE_NOT_FOUND);
      const remembered = tracking === 'always';
      const { userId } = account;
      const name = input.DeviceName ? input.DeviceName.slice(0, 256) : null;
      await devices.confirm(work.em, {
        deviceKey: input.DeviceKey,
        userId,
        deviceGroupKey,
        salt,
        verifier,
        name,
        remembered,
        lastIp: call.address,
      });
      work.record(userId, { type: DeviceConfirmed.type, payload: { userId, deviceKey: input.DeviceKey, remembered } });
      return { UserConfirmationNecessary: tracking === 'user-opt-in' };
    });
  }
}

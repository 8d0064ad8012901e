import { Controller } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import { users } from '@sparkhouse/contracts';
import { Endpoint, Input, type CallInput } from '../../../../platform/http/endpoint';
import { badRequest } from '../../../../platform/http/errors';
import { ChangeVipStatus } from '../commands/change-vip-status.command';
import { productOfVipPath } from '../domain/user-profile';
import { principal } from './principal';

/**
 * POST /users/update{product}VipStatus. Its path is one parameter (`/users/:updateVipStatusPath`),
 * so this controller is registered after every other POST /users/<name> route: those match first.
 */
@Controller()
export class VipStatusController {
  constructor(private readonly commands: CommandBus) {}

  @Endpoint(users.updateVipStatus)
  update(@Input() { params, body }: CallInput<typeof users.updateVipStatus>) {
    const product = productOfVipPath(params.updateVipStatusPath);
    if (!product) throw badRequest('updateVipStatusPath must look like update{Product}VipStatus');
    return this.commands.execute(new ChangeVipStatus(principal(), { product, isVip: body.isVip, userId: body.userId }));
  }
}

import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { Database } from '../../../../platform/database/database';
import { VipStatusChanged } from '@sparkhouse/contracts';
import { isAdmin, type Principal } from '../../../../platform/auth/principal';
import { EventStore } from '../../../../platform/events/event-store';
import { forbidden, notFound } from '../../../../platform/http/errors';
import { foldUserStream } from '../domain/user-profile';
import { userStreamId } from '../infra/user-streams';
import { signedIn } from '../domain/caller';

/** Set a product's VIP flag: your own, or (admins) another user's. */
export class ChangeVipStatus {
  constructor(
    readonly principal: Principal | null,
    readonly change: { product: string; isVip: boolean; userId?: string },
  ) {}
}

@CommandHandler(ChangeVipStatus)
export class ChangeVipStatusHandler implements ICommandHandler<ChangeVipStatus> {
  constructor(
    private readonly orm: Database,
    private readonly events: EventStore,
  ) {}

  async execute({ principal, change }: ChangeVipStatus) {
    const caller = signedIn(principal);
    const userId = change.userId ?? caller.id;
    if (userId !== caller.id && !isAdmin(caller)) throw forbidden('Only admins may change the VIP status of another user.');
    await this.orm.em.fork().transactional((tem) =>
      this.events.appendIf(tem, userStreamId(userId), (stream) => {
        const profile = foldUserStream(stream);
        if (!profile) throw notFound('No such user.');
        // setting the flag it already has is a no-op, not a new fact
        if ((profile.vipProducts[change.product] ?? false) === change.isVip) return null;
        return [{ type: VipStatusChanged.type, payload: { userId, product: change.product, isVip: change.isVip } }];
      }),
    );
    return { userId, product: change.product, isVip: change.isVip };
  }
}

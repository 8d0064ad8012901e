import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { Database } from '../../../../platform/database/database';
import { CreatorAccessChanged } from '@sparkhouse/contracts';
import { isAdmin, type Principal } from '../../../../platform/auth/principal';
import { EventStore } from '../../../../platform/events/event-store';
import { forbidden, notFound } from '../../../../platform/http/errors';
import { foldUserStream } from '../domain/user-profile';
import { userStreamId } from '../infra/user-streams';
import { signedIn } from '../domain/caller';

/** Grant or withdraw a creator's access to the new dashboard. Admins only. */
export class SetCreatorAccess {
  constructor(
    readonly principal: Principal | null,
    readonly userId: string,
    readonly hasNewDashboardAccess: boolean,
  ) {}
}

@CommandHandler(SetCreatorAccess)
export class SetCreatorAccessHandler implements ICommandHandler<SetCreatorAccess> {
  constructor(
    private readonly orm: Database,
    private readonly events: EventStore,
  ) {}

  async execute({ principal, userId, hasNewDashboardAccess }: SetCreatorAccess) {
    if (!isAdmin(signedIn(principal))) throw forbidden('Only admins may do that.');
    await this.orm.em.fork().transactional((tem) =>
      this.events.appendIf(tem, userStreamId(userId), (stream) => {
        const profile = foldUserStream(stream);
        if (!profile) throw notFound('No such user.');
        // the first grant makes the user a creator (creatorInfo) even when it grants no new-dashboard access
        if (profile.isCreator && profile.hasNewDashboardAccess === hasNewDashboardAccess) return null;
        return [{ type: CreatorAccessChanged.type, payload: { userId, hasNewDashboardAccess } }];
      }),
    );
    return { userId, hasNewDashboardAccess };
  }
}

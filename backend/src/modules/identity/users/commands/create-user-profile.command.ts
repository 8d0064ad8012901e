import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { Database } from '../../../../platform/database/database';
import { UserProfileCreated, type NewEvent } from '@sparkhouse/contracts';
import type { Principal } from '../../../../platform/auth/principal';
import { EventStore } from '../../../../platform/events/event-store';
import { conflict, forbidden } from '../../../../platform/http/errors';
import { foldUserStream, type UserProfileState } from '../domain/user-profile';
import { Clock } from '../infra/clock';
import { ownerOfEmail } from '../infra/email-claims';
import { userStreamId } from '../infra/user-streams';
import { signedIn } from '../domain/caller';

export interface NewUserProfile {
  userId: string;
  email: string;
  firstName: string;
  lastName: string;
  isSocialSignIn: boolean;
  socialProvider: string | null;
}

/** Spec 8, generic: the product's answer when an account already exists under that email. */
export const ACCOUNT_EXISTS = 'There was a problem creating your account. Please try logging in if you already have an account.';

/** Create the backend user for the signed-in identity. Idempotent: a second create answers the first profile. */
export class CreateUserProfile {
  constructor(
    readonly principal: Principal | null,
    readonly profile: NewUserProfile,
  ) {}
}

@CommandHandler(CreateUserProfile)
export class CreateUserProfileHandler implements ICommandHandler<CreateUserProfile, UserProfileState> {
  constructor(
    private readonly orm: Database,
    private readonly events: EventStore,
    private readonly clock: Clock,
  ) {}

  async execute({ principal, profile }: CreateUserProfile): Promise<UserProfileState> {
    const caller = signedIn(principal);
    if (profile.userId !== caller.id) throw forbidden('You can only create your own user profile.');
    if (caller.email && caller.email.toLowerCase() !== profile.email) {
      throw forbidden('The email must be the one you signed in with.');
    }
    return this.orm.em.fork().transactional(async (tem) => {
      const conn = tem.getConnection();
      const trx = tem.getTransactionContext();
      // the unique claim serialises two creates of one email: the second waits for the first to commit
      const claimed = await conn.execute(
        'insert into user_email_claim (email, user_id) values (?, ?) on conflict do nothing returning user_id',
        [profile.email, profile.userId],
        'all',
        trx,
      );
      if (claimed.length === 0) {
        const owner = await ownerOfEmail(tem, profile.email);
        if (owner && owner !== profile.userId) throw conflict(ACCOUNT_EXISTS);
      }
      let before = null as UserProfileState | null;
      const appended = await this.events.appendIf(tem, userStreamId(profile.userId), (stream) => {
        before = foldUserStream(stream);
        if (before) return null;
        const created: NewEvent<typeof UserProfileCreated> = {
          type: UserProfileCreated.type,
          payload: { ...profile, signUpDate: this.clock.now().toISOString() },
        };
        return [created];
      });
      return (before ?? foldUserStream(appended ?? [])) as UserProfileState;
    });
  }
}

import { Controller } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import { users } from '@sparkhouse/contracts';
import { isAdmin } from '../../../../platform/auth/principal';
import { Endpoint, Input, type CallInput } from '../../../../platform/http/endpoint';
import { signedIn } from '../domain/caller';
import { CreateUserProfile } from '../commands/create-user-profile.command';
import { CollectEmail } from '../commands/collect-email.command';
import { RequestEmailConfirmation } from '../commands/request-email-confirmation.command';
import { RecordOfferSeen } from '../commands/record-offer-seen.command';
import { SaveProgramInfo } from '../commands/save-program-info.command';
import { toUserView, type UserProfileState } from '../domain/user-profile';
import { UserProfileQueries } from '../queries/user-profiles.query';
import { principal } from './principal';

/** The older (legacy payload) users calls, several with form-encoded bodies. */
@Controller()
export class LegacyUsersController {
  constructor(
    private readonly commands: CommandBus,
    private readonly profiles: UserProfileQueries,
  ) {}

  @Endpoint(users.createUserForm)
  async create(@Input() { body }: CallInput<typeof users.createUserForm>) {
    const profile: UserProfileState = await this.commands.execute(
      new CreateUserProfile(principal(), { ...body, isSocialSignIn: false, socialProvider: null }),
    );
    return toUserView(profile);
  }

  @Endpoint(users.confirmEmail)
  async confirmEmail(@Input() { body }: CallInput<typeof users.confirmEmail>) {
    await this.commands.execute(new RequestEmailConfirmation(body.email));
    return { success: true as const };
  }

  @Endpoint(users.collectEmail)
  async collectEmail(@Input() { body }: CallInput<typeof users.collectEmail>) {
    await this.commands.execute(new CollectEmail(body.email, body.classInterestedIn || null, body.extraTags));
    return { success: true as const };
  }

  @Endpoint(users.isAdmin)
  isAdmin() {
    return { isAdmin: isAdmin(principal()) };
  }

  @Endpoint(users.checkIsAdmin)
  checkIsAdmin() {
    return { isAdmin: isAdmin(principal()) };
  }

  @Endpoint(users.saveLastSeenOfferInfo)
  async saveLastSeenOffer(@Input() { body }: CallInput<typeof users.saveLastSeenOfferInfo>) {
    const { saved } = await this.commands.execute(
      new RecordOfferSeen(principal(), {
        offerKey: body.offer_key,
        expirationDateSeen: body.exp_date_seen,
        lastSeenCurrentOffer: body.offer_last_seen,
      }),
    );
    return { success: true as const, saved: saved as boolean };
  }

  @Endpoint(users.getProgramInfoForUserAndSlug)
  async programInfo(@Input() { query }: CallInput<typeof users.getProgramInfoForUserAndSlug>) {
    return { slug: query.slug, program_info: await this.profiles.programInfo(signedIn(principal()).id, query.slug) };
  }

  @Endpoint(users.saveProgramInfoForUserAndSlug)
  async saveProgramInfo(@Input() { body }: CallInput<typeof users.saveProgramInfoForUserAndSlug>) {
    await this.commands.execute(new SaveProgramInfo(principal(), body.slug, body.program_info));
    return { success: true as const };
  }
}

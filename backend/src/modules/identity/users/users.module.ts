import { Module } from '@nestjs/common';

/** Users: profiles, roles, VIP, offers seen, program info, anonymous linking, the /users calls. */
@Module({})
export class UsersModule {}

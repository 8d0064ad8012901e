import { Module } from '@nestjs/common';
import { IdentityProviderModule } from './provider/identity-provider.module';
import { UsersModule } from './users/users.module';

/**
 * Identity: the built-in identity provider (accounts, credentials, codes, tokens; the hosted
 * user-pool JSON protocol at /api/identity) and the users area (profiles, roles, VIP, the /users calls).
 */
@Module({ imports: [IdentityProviderModule, UsersModule], exports: [IdentityProviderModule, UsersModule] })
export class IdentityModule {}

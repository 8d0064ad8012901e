import { Module } from '@nestjs/common';

/** The built-in identity provider: accounts, credentials, codes, tokens, the user-pool protocol. */
@Module({})
export class IdentityProviderModule {}

import { Global, Module } from '@nestjs/common';
import { AccessTokens } from './access-tokens';
import { PrincipalResolver } from './principal-resolver';

@Global()
@Module({ providers: [AccessTokens, PrincipalResolver], exports: [AccessTokens, PrincipalResolver] })
export class AuthModule {}

import { Injectable, type CanActivate, type ExecutionContext } from '@nestjs/common';
import type { CallDefinition } from '@sparkhouse/contracts';
import { canOperate, canViewOperations, isAdmin } from '../auth/principal';
import { requestContext } from '../context/request-context';
import { CALL_METADATA } from './call-metadata';
import { forbidden, unauthorized } from './errors';

export interface CallRequest {
  call?: CallDefinition;
  credentialError?: string;
}

/** Enforces the call's access rule from contracts/ against the principal of the request context. */
@Injectable()
export class AccessGuard implements CanActivate {
  canActivate(ctx: ExecutionContext): boolean {
    const call = Reflect.getMetadata(CALL_METADATA, ctx.getHandler()) as CallDefinition;
    const req = ctx.switchToHttp().getRequest<CallRequest>();
    req.call = call;
    if (call.access === 'public') return true;
    if (req.credentialError) throw unauthorized(req.credentialError);
    const principal = requestContext.current()?.principal ?? null;
    switch (call.access) {
      case 'owner':
        if (principal?.kind === 'user' || principal?.kind === 'anonymous') return true;
        throw unauthorized('Sign in, or send your anonymous id in X-Non-Auth-User-Id.');
      case 'user':
        if (principal?.kind === 'user') return true;
        throw unauthorized();
      case 'admin':
        if (principal?.kind !== 'user') throw unauthorized();
        if (!isAdmin(principal)) throw forbidden('Only admins may do that.');
        return true;
      case 'viewer':
        if (principal?.kind !== 'user') throw unauthorized();
        if (!canViewOperations(principal)) throw forbidden('Only admins and operations staff may see that.');
        return true;
      case 'operator':
        if (principal?.kind !== 'user') throw unauthorized();
        if (!canOperate(principal)) throw forbidden('Only admins and operators may do that.');
        return true;
    }
  }
}

import { Inject, Injectable, Logger, type CallHandler, type ExecutionContext, type NestInterceptor } from '@nestjs/common';
import { map, type Observable } from 'rxjs';
import type { CallDefinition } from '@sparkhouse/contracts';
import { APP_CONFIG, type AppConfig } from '../config/config';
import { CALL_METADATA } from './call-metadata';

/**
 * Shapes each answer as its contract says: the payload itself (legacy) or `{ status, response }`.
 * Outside production the payload is also checked against the contract's response schema, so the
 * server cannot drift from what clients were promised.
 */
@Injectable()
export class ResponseStyleInterceptor implements NestInterceptor {
  private readonly logger = new Logger('Contracts');

  constructor(@Inject(APP_CONFIG) private readonly config: AppConfig) {}

  intercept(ctx: ExecutionContext, next: CallHandler): Observable<unknown> {
    const call = Reflect.getMetadata(CALL_METADATA, ctx.getHandler()) as CallDefinition | undefined;
    if (!call) return next.handle();
    return next.handle().pipe(
      map((payload) => {
        if (this.config.NODE_ENV !== 'production') {
          const checked = call.response.safeParse(payload);
          if (!checked.success) {
            this.logger.error({ call: call.id, issues: checked.error.issues }, 'response does not match its contract');
            throw new Error(`Response of ${call.id} does not match its contract`);
          }
        }
        return call.style === 'envelope' ? { status: 'success', response: payload } : payload;
      }),
    );
  }
}

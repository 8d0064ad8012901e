import { Inject, Injectable, Logger, type CallHandler, type ExecutionContext, type NestInterceptor } from '@nestjs/common';
import type { Request, Response } from 'express';
import { map, type Observable } from 'rxjs';
import { headerNames, type CallDefinition } from '@sparkhouse/contracts';
import { requestContext } from '../context/request-context';
import { formatToken } from '../events/log-position';
import { APP_CONFIG, type AppConfig } from '../config/config';
import { CALL_METADATA } from './call-metadata';
import { SerialisedJson } from './serialised-json';
import { SharedAnswers } from './shared-answers';

/**
 * Shapes each answer as its contract says: the payload itself (legacy) or `{ status, response }`.
 * Outside production the payload is also checked against the contract's response schema, so the
 * server cannot drift from what clients were promised. A pre-serialised answer (SerialisedJson) is
 * sent as its stored JSON text with its stored ETag; when it is shared by every caller of a public
 * GET call for a while, it is also handed to SharedAnswers, which answers that URL again before routing.
 */
@Injectable()
export class ResponseStyleInterceptor implements NestInterceptor {
  private readonly logger = new Logger('Contracts');

  constructor(
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly shared: SharedAnswers,
  ) {}

  intercept(ctx: ExecutionContext, next: CallHandler): Observable<unknown> {
    const call = Reflect.getMetadata(CALL_METADATA, ctx.getHandler()) as CallDefinition | undefined;
    if (!call) return next.handle();
    return next.handle().pipe(
      map((payload) => {
        const written = requestContext.current()?.written;
        // the caller's next read can wait for this (read-your-writes)
        if (written) ctx.switchToHttp().getResponse<Response>().setHeader(headerNames.consistencyToken, formatToken(written));
        const serialised = payload instanceof SerialisedJson ? payload : null;
        if (this.config.NODE_ENV !== 'production') {
          const checked = call.response.safeParse(serialised ? serialised.value : payload);
          if (!checked.success) {
            this.logger.error({ call: call.id, issues: checked.error.issues }, 'response does not match its contract');
            throw new Error(`Response of ${call.id} does not match its contract`);
          }
        }
        if (serialised) {
          const answer = call.style === 'envelope' ? serialised.inEnvelope() : serialised;
          const res = ctx.switchToHttp().getResponse<Response>();
          const status = call.successStatus ?? 200; // shared answers go out as 200
          if (call.access === 'public' && call.method === 'GET' && status === 200 && answer.sharedUntil !== undefined) {
            this.shared.remember(ctx.switchToHttp().getRequest<Request>().originalUrl, answer);
          }
          res.setHeader('Content-Type', 'application/json; charset=utf-8');
          res.setHeader('ETag', answer.etag);
          return answer.body; // a string: Express sends it as is (and answers 304 to a matching If-None-Match)
        }
        return call.style === 'envelope' ? { status: 'success', response: payload } : payload;
      }),
    );
  }
}

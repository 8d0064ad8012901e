import { Inject, Injectable, Logger, type OnApplicationBootstrap } from '@nestjs/common';
import { HttpAdapterHost } from '@nestjs/core';
import type { Request, Response } from 'express';
import { headerNames, type CallDefinition } from '@sparkhouse/contracts';
import { requestContext } from '../context/request-context';
import { formatToken } from '../events/log-position';
import { APP_CONFIG, type AppConfig } from '../config/config';
import { SerialisedJson } from './serialised-json';
import { SharedAnswers } from './shared-answers';

/** Where an app's shaper is kept on its Express app (`app.locals`), for the requests it serves. */
const SHAPER = Symbol('sparkhouse.answers');

/**
 * Shapes each answer as its contract says: the payload itself (legacy) or `{ status, response }`.
 * Outside production the payload is also checked against the contract's response schema, so the
 * server cannot drift from what clients were promised. A pre-serialised answer (SerialisedJson) is
 * sent as its stored JSON text with its stored ETag; when it is shared by every caller of a public
 * GET call for a while, it is also handed to SharedAnswers, which answers that URL again before routing.
 *
 * Called by every @Endpoint handler as it returns (see endpoint.ts), not as a Nest interceptor: an
 * interceptor puts an RxJS pipeline and two bound async resources around every call, a measurable
 * share of a short request's CPU.
 */
@Injectable()
export class AnswerShaper implements OnApplicationBootstrap {
  private readonly logger = new Logger('Contracts');

  constructor(
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly shared: SharedAnswers,
    private readonly http: HttpAdapterHost,
  ) {}

  onApplicationBootstrap() {
    const app = this.http.httpAdapter?.getInstance() as { locals?: Record<symbol, unknown> } | undefined;
    if (app?.locals) app.locals[SHAPER] = this;
  }

  shape(call: CallDefinition, payload: unknown, req: Request, res: Response): unknown {
    const written = requestContext.current()?.written;
    // the caller's next read can wait for this (read-your-writes)
    if (written) res.setHeader(headerNames.consistencyToken, formatToken(written));
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
      const status = call.successStatus ?? 200; // shared answers go out as 200
      if (call.access === 'public' && call.method === 'GET' && status === 200 && answer.sharedUntil !== undefined) {
        this.shared.remember(req.originalUrl, answer, { req, res, route: `/api${call.path}` });
      }
      res.setHeader('Content-Type', 'application/json; charset=utf-8');
      res.setHeader('ETag', answer.etag);
      return answer.body; // a string: Express sends it as is (and answers 304 to a matching If-None-Match)
    }
    return call.style === 'envelope' ? { status: 'success', response: payload } : payload;
  }
}

/** The answer as the call's contract shapes it, by the shaper of the app serving this request. */
export function shapeAnswer(call: CallDefinition, payload: unknown): unknown {
  const http = requestContext.current()?.http;
  const shaper = (http?.req.app?.locals as Record<symbol, AnswerShaper | undefined> | undefined)?.[SHAPER];
  if (!http || !shaper) throw new Error(`${call.id} answered outside an HTTP request of an app with an AnswerShaper`);
  return shaper.shape(call, payload, http.req, http.res);
}

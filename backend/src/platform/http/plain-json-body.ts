import { AsyncResource } from 'node:async_hooks';
import type { NextFunction, Request, Response } from 'express';
import { refuseInvalidUtf8Body } from './text-input';

/** `application/json` as nearly every client sends it: no parameters, or `charset=utf-8`. */
const PLAIN_JSON = /^application\/json\s*(?:;\s*charset="?utf-8"?\s*)?$/i;
const DIGITS = /^\d+$/;
// eslint-disable-next-line no-control-regex -- JSON's whitespace, as body-parser's strict check reads it
const FIRST_NON_WHITESPACE = /^[\x20\x09\x0a\x0d]*([^\x20\x09\x0a\x0d]|$)/;

/** An error the body parsers' error handling (bodyErrors) reads: its `type` and `status`, as body-parser makes them. */
function bodyError(err: Error, status: number, type: string, extra: Record<string, unknown> = {}) {
  return Object.assign(err, { status, statusCode: status, expose: true, type, ...extra });
}

/** body-parser's strict JSON: an empty body is `{}`, else an object or an array. */
function parseStrict(text: string): unknown {
  if (text.length === 0) return {};
  const first = FIRST_NON_WHITESPACE.exec(text)?.[1] ?? '';
  if (first !== '{' && first !== '[')
    throw new SyntaxError(`Unexpected token '${first}', "${text.slice(0, 20)}" is not valid JSON`);
  return JSON.parse(text);
}

/**
 * The common JSON body — `application/json` (UTF-8), a Content-Length within the limit, no content coding —
 * read ahead of `express.json`, which reads everything else (compressed or chunked bodies, other charsets and
 * JSON types, a body over the limit) as before. The same outcome as body-parser's: the same limit, bytes that
 * are not UTF-8 refused before decoding (refuseInvalidUtf8Body), a leading BOM dropped, strict JSON (an empty
 * body is `{}`), and errors of the same `type` and status for bodyErrors. Why: body-parser's generic path
 * (type-is, charset parsing, raw-body's listeners, iconv-lite's decoder) was ~4 % of the API's CPU per job
 * request in the jobs bench, for a body of a few dozen bytes.
 */
export function plainJsonBody(limitBytes: number) {
  return (req: Request, res: Response, next: NextFunction) => {
    const { headers } = req;
    const length = headers['content-length'];
    const contentType = headers['content-type'];
    const coding = headers['content-encoding'];
    if (
      req.body !== undefined ||
      req.readableDidRead ||
      (req.complete && !req.readable) ||
      headers['transfer-encoding'] !== undefined ||
      length === undefined ||
      !DIGITS.test(length) ||
      Number(length) > limitBytes ||
      (coding !== undefined && coding.toLowerCase() !== 'identity') ||
      contentType === undefined ||
      !PLAIN_JSON.test(contentType)
    ) {
      return next();
    }
    const chunks: Buffer[] = [];
    let received = 0;
    let settled = false;
    // the request's events come from the socket: the rest of the pipeline goes on in this request's
    // async context (its RequestContext), as raw-body's callback does (an AsyncResource of its own:
    // AsyncResource.bind also defines a deprecated property per call, measurably dearer)
    const scope = new AsyncResource('PlainJsonBody');
    const proceed = (err?: unknown) => scope.runInAsyncScope(next, null, err);
    const settle = (err?: unknown) => {
      if (settled) return;
      settled = true;
      req.removeListener('data', onData);
      req.removeListener('end', onEnd);
      req.removeListener('error', onFailure);
      req.removeListener('close', onFailure);
      proceed(err);
    };
    const onData = (chunk: Buffer) => {
      received += chunk.length;
      chunks.push(chunk);
    };
    const onEnd = () => {
      if (received !== Number(length)) {
        return settle(bodyError(new Error('request size did not match content length'), 400, 'request.size.invalid'));
      }
      const bytes = chunks.length === 1 ? chunks[0] : Buffer.concat(chunks, received);
      try {
        refuseInvalidUtf8Body(req, res, bytes, 'utf-8');
      } catch (err) {
        return settle(err);
      }
      let text = bytes.toString('utf8');
      if (text.charCodeAt(0) === 0xfeff) text = text.slice(1);
      try {
        req.body = parseStrict(text);
      } catch (err) {
        return settle(bodyError(err as Error, 400, 'entity.parse.failed', { body: text }));
      }
      settle();
    };
    // an error, or the request closed before its end (a read body has settled at 'end', before 'close')
    const onFailure = () => settle(bodyError(new Error('request aborted'), 400, 'request.aborted'));
    req.on('data', onData);
    // removed when settled, so plain listeners (no once wrappers)
    req.on('end', onEnd);
    req.on('error', onFailure);
    req.on('close', onFailure);
  };
}

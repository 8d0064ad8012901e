import { requestContext } from '../context/request-context';

/** Express's ETag function (`app.get('etag fn')`): the body as sent, and its string encoding. */
export type EtagFn = (body: string | Buffer, encoding?: BufferEncoding) => string | undefined;

/**
 * Express's ETag for answers to GET and HEAD requests only. Express hashes every body it sends (a sha1,
 * after copying a string body into a Buffer), but an ETag only ever serves a conditional GET or HEAD:
 * `req.fresh` is false for any other method, so the hash of a command's answer (a POST's 202) served
 * nobody, and was ~1 % of the API's CPU per job request in the jobs bench. An answer sent outside a
 * request context (nothing to tell its method by) keeps its ETag, as before.
 */
export function answerEtags(expressEtag: EtagFn): EtagFn {
  return (body, encoding) => {
    const method = requestContext.current()?.http?.req.method;
    if (method !== undefined && method !== 'GET' && method !== 'HEAD') return undefined;
    return expressEtag(body, encoding);
  };
}

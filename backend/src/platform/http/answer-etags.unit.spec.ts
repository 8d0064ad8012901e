import type { Request, Response } from 'express';
import { requestContext, type RequestContext } from '../context/request-context';
import { answerEtags } from './answer-etags';

const expressEtag = (body: string | Buffer) => `W/"${Buffer.byteLength(body).toString(16)}-hash"`;

function inRequest<T>(method: string, fn: () => T): T {
  const ctx: RequestContext = {
    requestId: 'r1',
    timeZone: 'UTC',
    principal: null,
    causationId: null,
    http: { req: { method } as Request, res: {} as Response },
  };
  return requestContext.run(ctx, fn);
}

describe('answerEtags', () => {
  const etag = answerEtags(expressEtag);

  it("gives answers to GET and HEAD requests Express's ETag", () => {
    expect(inRequest('GET', () => etag('{"a":1}', 'utf8'))).toBe('W/"7-hash"');
    expect(inRequest('HEAD', () => etag('{"a":1}', 'utf8'))).toBe('W/"7-hash"');
  });

  it('gives none to answers of other methods (no conditional request can use it)', () => {
    for (const method of ['POST', 'PUT', 'PATCH', 'DELETE'])
      expect(inRequest(method, () => etag('{"a":1}', 'utf8'))).toBeUndefined();
  });

  it('keeps the ETag of an answer sent outside a request context', () => {
    expect(etag(Buffer.from('{}'))).toBe('W/"2-hash"');
  });
});

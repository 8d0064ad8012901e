import { invalidUtf8InQuery, refuseInvalidUtf8Body, unstorableText } from './text-input';

describe('text PostgreSQL cannot store', () => {
  it('finds NUL characters anywhere in an input, named by field', () => {
    expect(unstorableText('body', { email: 'a\u0000b@example.com', tags: ['ok', 'x\u0000'] })).toEqual([
      { path: 'body.email', message: 'email must not contain the NUL character (\\u0000)' },
      { path: 'body.tags.1', message: 'tags.1 must not contain the NUL character (\\u0000)' },
    ]);
  });

  it('finds unpaired surrogates, but accepts paired ones (emoji) and U+FFFD itself', () => {
    expect(unstorableText('query', { a: '\ud800', b: 'x\udc00', c: '🎹 piano', d: '\ufffd' })).toEqual([
      { path: 'query.a', message: 'a must be valid Unicode text (it has an unpaired surrogate)' },
      { path: 'query.b', message: 'b must be valid Unicode text (it has an unpaired surrogate)' },
    ]);
  });

  it('checks object keys as well as values', () => {
    expect(unstorableText('body', { meta: { 'k\u0000': 1 } })).toEqual([
      { path: 'body.meta', message: 'meta has a field name that must not contain the NUL character (\\u0000)' },
    ]);
  });

  it('walks a deeply nested body without exhausting the stack', () => {
    let deep: unknown = 'a\u0000';
    for (let i = 0; i < 100_000; i++) deep = [deep];
    expect(unstorableText('body', deep)).toHaveLength(1);
  });

  it('finds query parameters whose percent-encoded bytes are not UTF-8', () => {
    expect(invalidUtf8InQuery('/api/getProducts?search=%C3%A9t%C3%A9&lastProductId=%ff')).toEqual([
      { path: 'query.lastProductId', message: 'lastProductId must be valid UTF-8 text' },
    ]);
    // an encoded lone surrogate is not UTF-8 either
    expect(invalidUtf8InQuery('/api/x?q=%ed%a0%80')).toHaveLength(1);
    expect(invalidUtf8InQuery('/api/x?q=caf%C3%A9+au+lait&empty=&flag')).toEqual([]);
    expect(invalidUtf8InQuery('/api/x?%ff=1')).toEqual([
      { path: 'query.?', message: 'a query parameter name must be valid UTF-8 text' },
    ]);
  });

  it('refuses request bodies whose bytes are not UTF-8, before they are decoded', () => {
    expect(() => refuseInvalidUtf8Body(null, null, Buffer.from([0x7b, 0x22, 0xff, 0x22, 0x7d]), 'utf-8')).toThrow(
      'Request body is not valid UTF-8.',
    );
    expect(() => refuseInvalidUtf8Body(null, null, Buffer.from('{"a":"é"}'), 'utf-8')).not.toThrow();
  });
});

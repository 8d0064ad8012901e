import { commerce, headerNames } from '@sparkhouse/contracts';
import { callApi } from './call-api';
import {
  CONSISTENCY_HEADER,
  clearConsistencyToken,
  compareTokens,
  consistencyToken,
  rememberConsistencyToken,
} from './consistency-token';

const fetchMock = jest.fn<Promise<Response>, [RequestInfo | URL, RequestInit?]>();

function response(body: unknown, headers: Record<string, string> = {}): Response {
  return {
    ok: true,
    status: 200,
    headers: new Headers(headers),
    text: () => Promise.resolve(JSON.stringify(body)),
  } as Response;
}

beforeEach(() => {
  fetchMock.mockReset();
  global.fetch = fetchMock as unknown as typeof fetch;
  clearConsistencyToken();
});

describe('consistency token (read-your-writes)', () => {
  it('is the header the server declares', () => {
    expect(CONSISTENCY_HEADER.toLowerCase()).toBe(headerNames.consistencyToken);
  });

  it('orders tokens by transaction, then position, as numbers', () => {
    expect(compareTokens('9.100', '10.1')).toBeLessThan(0);
    expect(compareTokens('10.9', '10.10')).toBeLessThan(0);
    expect(compareTokens('10.10', '10.10')).toBe(0);
  });

  it('keeps the newest token given and ignores older or malformed ones', () => {
    rememberConsistencyToken('100.20');
    rememberConsistencyToken('99.500');
    rememberConsistencyToken('not a token');
    expect(consistencyToken()).toBe('100.20');
    rememberConsistencyToken('100.21');
    expect(consistencyToken()).toBe('100.21');
    expect(sessionStorage.getItem('sparkhouse.consistency-token')).toBe('100.21');
  });

  it('sends back the token a write was answered with on the next call', async () => {
    const emptyCart = { productsInCart: [], lastUpdated: null, offerValid: null };
    fetchMock.mockResolvedValueOnce(response(emptyCart, { [CONSISTENCY_HEADER]: '812.4711' }));
    await callApi(commerce.updateCart, { body: { product_ids: [] } });
    fetchMock.mockResolvedValueOnce(response(emptyCart));
    await callApi(commerce.getCart);
    const headers = fetchMock.mock.calls[1][1]!.headers as Record<string, string>;
    expect(headers[CONSISTENCY_HEADER]).toBe('812.4711');
  });
});

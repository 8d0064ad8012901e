import { operations, system } from '@sparkhouse/contracts';
import { ANONYMOUS_ID_STORAGE_KEY } from './anonymous-id';
import { ApiError, NETWORK_ERROR_MESSAGE } from './api-error';
import { callApi } from './call-api';
import { retryDelay, shouldRetry } from './query-client';
import { setAccessToken } from './token-store';

const RUN_ID = '6f1c3a2e-8d4b-4c7a-9f0e-1a2b3c4d5e6f';

function jsonResponse(status: number, body: unknown): Response {
  return {
    ok: status >= 200 && status < 300,
    status,
    text: () => Promise.resolve(body === undefined ? '' : JSON.stringify(body)),
  } as Response;
}

const fetchMock = jest.fn<Promise<Response>, [RequestInfo | URL, RequestInit?]>();

beforeEach(() => {
  fetchMock.mockReset();
  global.fetch = fetchMock as unknown as typeof fetch;
  localStorage.clear();
  setAccessToken(null);
});

const lastRequest = () => {
  const [url, init] = fetchMock.mock.calls[fetchMock.mock.calls.length - 1];
  return { url: String(url), init: init!, headers: init!.headers as Record<string, string> };
};

describe('callApi', () => {
  it('unwraps a success envelope and fills path params', async () => {
    fetchMock.mockResolvedValue(jsonResponse(200, { status: 'success', response: { runId: RUN_ID, status: 'canceled' } }));
    const result = await callApi(operations.cancelJobRun, { params: { runId: 'a b/c' } });
    expect(result).toEqual({ runId: RUN_ID, status: 'canceled' });
    expect(lastRequest().url).toBe('/api/jobs/a%20b%2Fc/cancel');
    expect(lastRequest().init.method).toBe('POST');
  });

  it('builds the query string and skips undefined values', async () => {
    fetchMock.mockResolvedValue(jsonResponse(200, { status: 'success', response: { runs: [], nextBefore: null } }));
    await callApi(operations.listJobRuns, { query: { limit: 5, status: undefined, all: 'true' } });
    expect(lastRequest().url).toBe('/api/jobs?limit=5&all=true');
  });

  it('sends JSON bodies with a content type', async () => {
    fetchMock.mockResolvedValue(jsonResponse(202, { status: 'success', response: { runId: RUN_ID } }));
    await callApi(operations.startPipelineCheck, { body: { steps: 4, stepDelayMs: 10 } });
    expect(lastRequest().init.body).toBe(JSON.stringify({ steps: 4, stepDelayMs: 10 }));
    expect(lastRequest().headers['Content-Type']).toBe('application/json');
  });

  it('throws an ApiError for an error envelope, even on a 200', async () => {
    fetchMock.mockResolvedValue(jsonResponse(200, { status: 'error', error: 'Failed to check plan status', code: 'INTERNAL' }));
    const error = await callApi(operations.getJobRun, { params: { runId: RUN_ID } }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ status: 200, code: 'INTERNAL', message: 'Failed to check plan status' });
  });

  it('reads a non-2xx error envelope with its details', async () => {
    const details = [{ path: 'body.steps', message: 'must be at most 10' }];
    fetchMock.mockResolvedValue(
      jsonResponse(400, { status: 'error', error: 'Invalid request', code: 'VALIDATION_FAILED', details }),
    );
    await expect(callApi(operations.startPipelineCheck, { body: { steps: 11 } })).rejects.toMatchObject({
      status: 400,
      code: 'VALIDATION_FAILED',
      message: 'Invalid request',
      details,
    });
  });

  it('returns a legacy payload as-is and reads legacy error bodies', async () => {
    fetchMock.mockResolvedValueOnce(jsonResponse(200, { up: 'yes' }));
    await expect(callApi(system.up)).resolves.toEqual({ up: 'yes' });

    fetchMock.mockResolvedValueOnce(jsonResponse(413, { statusCode: 413, code: 'PAYLOAD_TOO_LARGE', message: 'Too big' }));
    await expect(callApi(system.up)).rejects.toMatchObject({ status: 413, code: 'PAYLOAD_TOO_LARGE', message: 'Too big' });
  });

  it('falls back to the generic message when an error body is not JSON', async () => {
    fetchMock.mockResolvedValue({ ok: false, status: 502, text: () => Promise.resolve('<html>Bad gateway</html>') } as Response);
    await expect(callApi(system.up)).rejects.toMatchObject({ status: 502, message: 'An Error Occurred' });
  });

  it('turns a network failure into the spec message with code NETWORK', async () => {
    fetchMock.mockRejectedValue(new TypeError('Failed to fetch'));
    await expect(callApi(system.up)).rejects.toMatchObject({ status: 0, code: 'NETWORK', message: NETWORK_ERROR_MESSAGE });
  });

  it('sends the time zone and a stable anonymous id when signed out', async () => {
    fetchMock.mockResolvedValue(jsonResponse(200, { up: 'yes' }));
    await callApi(system.up);
    const first = lastRequest().headers;
    expect(first['X-Time-Zone']).toBe(Intl.DateTimeFormat().resolvedOptions().timeZone);
    expect(first['X-Non-Auth-User-Id']).toMatch(/^anon_[A-Za-z0-9_-]{21}$/);
    expect(first.Authorization).toBeUndefined();
    expect(localStorage.getItem(ANONYMOUS_ID_STORAGE_KEY)).toBe(first['X-Non-Auth-User-Id']);

    await callApi(system.up);
    expect(lastRequest().headers['X-Non-Auth-User-Id']).toBe(first['X-Non-Auth-User-Id']);
  });

  it('sends the Bearer token instead of the anonymous id when signed in', async () => {
    fetchMock.mockResolvedValue(jsonResponse(200, { up: 'yes' }));
    setAccessToken('tok123');
    await callApi(system.up);
    expect(lastRequest().headers.Authorization).toBe('Bearer tok123');
    expect(lastRequest().headers['X-Non-Auth-User-Id']).toBeUndefined();
  });
});

describe('query retry policy', () => {
  it('never retries a 4xx, retries others up to 3 times', () => {
    const notFound = new ApiError({ status: 404, code: 'NOT_FOUND', message: 'x' });
    const serverError = new ApiError({ status: 503, code: 'INTERNAL', message: 'x' });
    expect(shouldRetry(0, notFound)).toBe(false);
    expect(shouldRetry(0, serverError)).toBe(true);
    expect(shouldRetry(2, serverError)).toBe(true);
    expect(shouldRetry(3, serverError)).toBe(false);
  });

  it('backs off exponentially, capped at 30 s', () => {
    expect(retryDelay(0)).toBe(1000);
    expect(retryDelay(3)).toBe(8000);
    expect(retryDelay(10)).toBe(30_000);
  });
});

import { ApiError } from '../../api/api-error';
import { shouldRetryWithoutSignIn, withAnonymousRetry } from './anonymous-retry';

const builderCall = { id: 'getBlueprintForApp', access: 'user' as const };
const authOnlyCall = { id: 'restoreBlueprintVersion', access: 'user' as const };
const err = (status: number) => new ApiError({ status, code: `HTTP_${status}`, message: `failed ${status}` });

describe('shouldRetryWithoutSignIn', () => {
  it('repeats a signed-in call that failed on its token, the network or the server', () => {
    for (const status of [0, 401, 403, 500, 503]) expect(shouldRetryWithoutSignIn(builderCall, true, err(status))).toBe(true);
    expect(shouldRetryWithoutSignIn(builderCall, true, new TypeError('fetch failed'))).toBe(true);
  });

  it('does not repeat an answer about the request itself, an abort, or a call made signed out', () => {
    for (const status of [400, 404, 409, 422, 429]) expect(shouldRetryWithoutSignIn(builderCall, true, err(status))).toBe(false);
    expect(shouldRetryWithoutSignIn(builderCall, true, new DOMException('aborted', 'AbortError'))).toBe(false);
    expect(shouldRetryWithoutSignIn(builderCall, false, err(500))).toBe(false);
  });

  it('never repeats the calls the spec says need an account, nor admin calls', () => {
    expect(shouldRetryWithoutSignIn(authOnlyCall, true, err(500))).toBe(false);
    expect(shouldRetryWithoutSignIn({ id: 'checkUnpublishedChanges', access: 'user' }, true, err(401))).toBe(false);
    expect(shouldRetryWithoutSignIn({ id: 'anything', access: 'admin' }, true, err(500))).toBe(false);
  });
});

describe('withAnonymousRetry', () => {
  it('answers the signed-in attempt when it succeeds, without a second one', async () => {
    const attempt = jest.fn(async (anonymous: boolean) => (anonymous ? 'anon' : 'signed'));
    await expect(withAnonymousRetry(builderCall, true, attempt)).resolves.toBe('signed');
    expect(attempt.mock.calls).toEqual([[false]]);
  });

  it('repeats without sign-in after a failure and answers that', async () => {
    const attempt = jest.fn(async (anonymous: boolean) => {
      if (!anonymous) throw err(401);
      return 'anon';
    });
    await expect(withAnonymousRetry(builderCall, true, attempt)).resolves.toBe('anon');
    expect(attempt.mock.calls).toEqual([[false], [true]]);
  });

  it('rethrows the first error when the retry fails too', async () => {
    const first = err(503);
    const attempt = jest.fn(async (anonymous: boolean) => {
      throw anonymous ? err(401) : first;
    });
    await expect(withAnonymousRetry(builderCall, true, attempt)).rejects.toBe(first);
    expect(attempt).toHaveBeenCalledTimes(2);
  });

  it('rethrows at once when no retry is allowed', async () => {
    const attempt = jest.fn(async () => {
      throw err(400);
    });
    await expect(withAnonymousRetry(builderCall, true, attempt)).rejects.toMatchObject({ status: 400 });
    expect(attempt).toHaveBeenCalledTimes(1);
  });
});

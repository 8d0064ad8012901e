import type { NestExpressApplication } from '@nestjs/platform-express';
import { AccessTokens } from '../../../../platform/auth/access-tokens';

/** Small HTTP helpers for the users integration tests: signed-in callers and JSON/form requests. */
export function usersApi(app: NestExpressApplication, base: string) {
  const tokens = app.get(AccessTokens);
  const bearer = async (sub: string, opts: { admin?: boolean; email?: string } = {}) => ({
    authorization: `Bearer ${await tokens.sign({ sub, email: opts.email, 'cognito:groups': opts.admin ? ['admin'] : [] })}`,
  });
  const call = async (
    method: string,
    path: string,
    opts: { headers?: Record<string, string>; json?: unknown; form?: Record<string, string> } = {},
  ) => {
    const headers: Record<string, string> = { ...opts.headers };
    let body: string | undefined;
    if (opts.json !== undefined) {
      headers['content-type'] = 'application/json';
      body = JSON.stringify(opts.json);
    } else if (opts.form) {
      headers['content-type'] = 'application/x-www-form-urlencoded';
      body = new URLSearchParams(opts.form).toString();
    }
    const res = await fetch(`${base}/api${path}`, { method, headers, body });
    return { status: res.status, body: await res.json() };
  };
  const profile = (sub: string, email = `${sub}@example.com`) => ({
    userId: sub,
    email,
    firstName: 'Ada',
    lastName: 'Lovelace',
  });
  return { bearer, call, profile };
}

// What the API helpers of the integration tests share: the answer of a call, and test users' tokens.
import type { NestExpressApplication } from '@nestjs/platform-express';
import { AccessTokens } from '../platform/auth/access-tokens';

export interface Answer {
  status: number;
  body: any;
}

/** A response as a test reads it: its status and its JSON body (or its text when it is not JSON). */
export async function answerOf(res: Response): Promise<Answer> {
  const text = await res.text();
  let body: unknown = text;
  try {
    body = JSON.parse(text);
  } catch {
    // not JSON (a page, media)
  }
  return { status: res.status, body };
}

/** Access tokens for test users (admins in the 'admin' group), signed by the API's own keys, made once per user. */
export function testTokens(app: () => NestExpressApplication) {
  const tokens = new Map<string, string>();
  return async (userId: string, admin = false) => {
    const key = `${userId}:${admin}`;
    if (!tokens.has(key)) {
      const claims = { sub: userId, email: `${userId}@example.com`, ...(admin ? { 'cognito:groups': ['admin'] } : {}) };
      tokens.set(key, await app().get(AccessTokens).sign(claims));
    }
    return tokens.get(key)!;
  };
}

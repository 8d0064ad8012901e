import { createHmac, timingSafeEqual } from 'node:crypto';

/*
 * The one-click unsubscribe link of a reminder email: it names the member and the app and is signed,
 * so nobody can turn off someone else's reminders by guessing ids. It does not expire: an old email's
 * link still works (RFC 8058 expects it to).
 */

const sign = (secret: string, body: string) =>
  createHmac('sha256', `member-unsubscribe:${secret}`).update(body).digest('base64url');

export function unsubscribeToken(secret: string, appId: string, memberId: string): string {
  const body = Buffer.from(JSON.stringify([appId, memberId])).toString('base64url');
  return `${body}.${sign(secret, body)}`;
}

export function readUnsubscribeToken(token: string, secret: string): { appId: string; memberId: string } | null {
  const [body, mac] = token.split('.');
  if (!body || !mac) return null;
  const expected = Buffer.from(sign(secret, body));
  const given = Buffer.from(mac);
  if (expected.length !== given.length || !timingSafeEqual(expected, given)) return null;
  try {
    const parsed: unknown = JSON.parse(Buffer.from(body, 'base64url').toString('utf8'));
    if (!Array.isArray(parsed) || parsed.length !== 2 || !parsed.every((v) => typeof v === 'string')) return null;
    return { appId: parsed[0], memberId: parsed[1] };
  } catch {
    return null;
  }
}

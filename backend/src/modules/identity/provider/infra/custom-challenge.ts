import { timingSafeEqual } from 'node:crypto';
import { Injectable } from '@nestjs/common';
import { maskEmail } from '../domain/password-policy';
import { hashCode, newCode } from '../domain/verification-codes';

/** One answered step of a CUSTOM_AUTH sign-in, as the hosted pool's triggers see it. */
export interface ChallengeResult {
  challengeName: 'SRP_A' | 'PASSWORD_VERIFIER' | 'CUSTOM_CHALLENGE';
  challengeResult: boolean;
}

export interface CustomChallengeUser {
  userId: string;
  email: string;
  attributes: Record<string, string>;
}

/** How a custom challenge sends something to the user: an email (or a text, to a phone number) through the outbox. */
export interface ChallengeMailer {
  mail(message: { to: string; subject: string; text: string; code: string | null }): Promise<void>;
}

export type ChallengeDecision =
  | { issueTokens: true; failAuthentication?: false }
  | { failAuthentication: true; issueTokens?: false }
  | { challengeName: 'CUSTOM_CHALLENGE'; issueTokens?: false; failAuthentication?: false };

/**
 * The CUSTOM_AUTH hook, in the shape of the hosted pool's three triggers (define / create / verify
 * auth challenge). The product provides one under CUSTOM_CHALLENGE_HOOK; by default it is
 * EmailedCodeChallenge. `privateChallengeParameters` never leave the server.
 */
export interface CustomChallengeHook {
  define(history: ChallengeResult[]): ChallengeDecision;
  create(
    user: CustomChallengeUser,
    history: ChallengeResult[],
    mailer: ChallengeMailer,
  ): Promise<{ publicChallengeParameters: Record<string, string>; privateChallengeParameters: Record<string, string> }>;
  verify(privateChallengeParameters: Record<string, string>, answer: string): Promise<boolean> | boolean;
}

export const CUSTOM_CHALLENGE_HOOK = Symbol('CUSTOM_CHALLENGE_HOOK');

const MAX_WRONG_ANSWERS = 3;

/**
 * The default custom challenge: a 6-digit one-time code emailed to the account (passwordless
 * sign-in, or a second step after the password when the client starts CUSTOM_AUTH with SRP_A).
 * Three wrong answers end the sign-in.
 */
@Injectable()
export class EmailedCodeChallenge implements CustomChallengeHook {
  define(history: ChallengeResult[]): ChallengeDecision {
    const last = history.at(-1);
    if (last?.challengeName === 'CUSTOM_CHALLENGE' && last.challengeResult) return { issueTokens: true };
    if (history.some((h) => h.challengeName !== 'CUSTOM_CHALLENGE' && !h.challengeResult)) return { failAuthentication: true };
    const wrong = history.filter((h) => h.challengeName === 'CUSTOM_CHALLENGE' && !h.challengeResult).length;
    return wrong >= MAX_WRONG_ANSWERS ? { failAuthentication: true } : { challengeName: 'CUSTOM_CHALLENGE' };
  }

  async create(user: CustomChallengeUser, _history: ChallengeResult[], mailer: ChallengeMailer) {
    const code = newCode();
    await mailer.mail({
      to: user.email,
      subject: 'Your Sparkhouse sign-in code',
      text: `Your sign-in code is ${code}. It expires in 3 minutes. If you did not try to sign in, ignore this email.`,
      code,
    });
    return {
      publicChallengeParameters: { DELIVERY_MEDIUM: 'EMAIL', DESTINATION: maskEmail(user.email) },
      privateChallengeParameters: { codeHash: hashCode(code) },
    };
  }

  verify(privateChallengeParameters: Record<string, string>, answer: string): boolean {
    const stored = privateChallengeParameters.codeHash ?? '';
    const [salt] = stored.split('$');
    const a = Buffer.from(hashCode(answer.trim(), salt));
    const b = Buffer.from(stored);
    return a.length === b.length && timingSafeEqual(a, b);
  }
}

import { Injectable } from '@nestjs/common';
import { VerificationCodeRejected, VerificationCodeSent } from '@sparkhouse/contracts';
import { maskEmail } from '../domain/password-policy';
import { checkCode, codeExpiry, hashCode, newCode } from '../domain/verification-codes';
import { CommitThenFail, type Work } from './identity-unit-of-work';
import { codeMismatch, expiredCode, limitExceeded, messages } from '../domain/protocol-errors';
import { codes, type CodePurpose } from './codes.repository';
import { EmailOutbox } from '../../../../platform/mail/email-outbox';

const subjects: Record<CodePurpose, string> = {
  'sign-up': 'Your Sparkhouse confirmation code',
  'password-reset': 'Your Sparkhouse password reset code',
  'email-verification': 'Verify your new Sparkhouse email',
  'phone-verification': 'Sparkhouse phone verification code',
  'sms-mfa': 'Sparkhouse sign-in code',
  'custom-challenge': 'Your Sparkhouse sign-in code',
};

export interface CodeDeliveryDetails {
  Destination: string;
  DeliveryMedium: 'EMAIL' | 'SMS';
  AttributeName: 'email' | 'phone_number';
}

/** `+15551234567` -> `+*******4567`. */
export const maskPhone = (phone: string) => `+${'*'.repeat(Math.max(phone.length - 5, 0))}${phone.slice(-4)}`;

/** What a code delivery to `to` (an email address, or a phone number for a text) tells the caller. */
export const deliveryDetails = (to: string): CodeDeliveryDetails =>
  to.startsWith('+')
    ? { Destination: maskPhone(to), DeliveryMedium: 'SMS', AttributeName: 'phone_number' }
    : { Destination: maskEmail(to), DeliveryMedium: 'EMAIL', AttributeName: 'email' };

/**
 * Issues one-time codes and checks them (expiry, single use, attempt limit). Email and text
 * messages (to a phone number) both leave through the email outbox.
 */
@Injectable()
export class CodeDelivery {
  constructor(private readonly outbox: EmailOutbox) {}

  async send(work: Work, userId: string, purpose: CodePurpose, to: string): Promise<CodeDeliveryDetails> {
    const code = newCode();
    await codes.put(work.em, userId, purpose, hashCode(code), codeExpiry(new Date()));
    const text = to.startsWith('+')
      ? `Your Sparkhouse code is ${code}. It expires in 10 minutes.`
      : `Your code is ${code}. It expires in 10 minutes. If you did not ask for it, ignore this email.`;
    work.mail(await this.outbox.write(work.em, { to, subject: subjects[purpose], text, code }));
    const details = deliveryDetails(to);
    work.record(userId, { type: VerificationCodeSent.type, payload: { userId, purpose, destination: details.Destination } });
    return details;
  }

  /** Consumes the code when it matches; otherwise counts the attempt and fails once that is committed. */
  async redeem(work: Work, userId: string, purpose: CodePurpose, code: string): Promise<void> {
    const stored = await codes.get(work.em, userId, purpose);
    const outcome = checkCode(stored, code, new Date());
    if (outcome === 'accepted') return codes.consume(work.em, userId, purpose);
    if (outcome === 'missing' || outcome === 'expired') throw expiredCode(messages.codeExpired);
    if (outcome === 'attempts-exhausted') throw limitExceeded(messages.attemptsExceeded);
    const attempts = await codes.countAttempt(work.em, userId, purpose);
    work.record(userId, { type: VerificationCodeRejected.type, payload: { userId, purpose, reason: 'mismatch', attempts } });
    throw new CommitThenFail(codeMismatch(messages.codeMismatch));
  }
}

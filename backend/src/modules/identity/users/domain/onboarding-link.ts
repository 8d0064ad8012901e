import { LINK_REFUSALS, onboardingLinkPath } from '@sparkhouse/contracts';

/**
 * "Email me my plan" (issue 26): an anonymous visitor's answers and plan are linked to an account only
 * when the account's owner follows a one-time link emailed to them, signed in. The rules here are pure;
 * tokens and their rows are in infra/onboarding-links.ts, the shared wording in contracts.
 */

export type LinkRefusal = keyof typeof LINK_REFUSALS;

export interface StoredOnboardingLink {
  linkId: string;
  userId: string;
  anonymousId: string;
  storefrontSlug: string;
  appSlug: string;
  expiresAt: Date;
  usedAt: Date | null;
}

/**
 * Why the caller may not follow this link now, or null when they may. A link of another account is
 * refused before anything else and is not spent: its owner can still use it.
 */
export function linkRefusal(link: StoredOnboardingLink | null, callerId: string, now: Date): LinkRefusal | null {
  if (!link) return 'invalid';
  if (link.userId !== callerId) return 'otherAccount';
  if (link.usedAt) return 'used';
  if (link.expiresAt.getTime() <= now.getTime()) return 'expired';
  return null;
}

/**
 * The page of the web app the email points to. The token travels in the fragment, which browsers never
 * send to a server: it stays out of request logs and Referer headers.
 */
export function onboardingLinkUrl(publicUrl: string, app: { storefrontSlug: string; appSlug: string }, token: string): string {
  return `${new URL(onboardingLinkPath(app), publicUrl).toString()}#${token}`;
}

export function onboardingLinkEmail(url: string): { subject: string; text: string } {
  return {
    subject: 'Keep your plan with your Sparkhouse account',
    text: [
      'Someone, hopefully you, finished an app’s onboarding on Sparkhouse and asked to keep the answers and the plan with the account of this email address.',
      '',
      `To keep them, open this link within 24 hours and sign in: ${url}`,
      '',
      'The link works once. If you did not ask for it, ignore this email: nothing is added to your account unless you open the link and sign in.',
    ].join('\n'),
  };
}

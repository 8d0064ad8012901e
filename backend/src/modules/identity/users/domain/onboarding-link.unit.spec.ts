import { linkRefusal, onboardingLinkEmail, onboardingLinkUrl, type StoredOnboardingLink } from './onboarding-link';

const at = (iso: string) => new Date(iso);
const link = (over: Partial<StoredOnboardingLink> = {}): StoredOnboardingLink => ({
  linkId: 'l1',
  userId: 'u-owner',
  anonymousId: 'anon_abcdefgh',
  storefrontSlug: 'jane-yoga',
  appSlug: 'flow-app',
  expiresAt: at('2026-11-30T09:00:00Z'),
  usedAt: null,
  ...over,
});

describe('emailed plan links: who may follow one, and when', () => {
  const now = at('2026-11-29T09:00:00Z');

  it('lets the owner follow an unused link before it expires', () => {
    expect(linkRefusal(link(), 'u-owner', now)).toBeNull();
  });

  it('refuses an unknown token, another account, a used link, and an expired one', () => {
    expect(linkRefusal(null, 'u-owner', now)).toBe('invalid');
    expect(linkRefusal(link(), 'u-other', now)).toBe('otherAccount');
    expect(linkRefusal(link({ usedAt: now }), 'u-owner', now)).toBe('used');
    expect(linkRefusal(link(), 'u-owner', at('2026-11-30T09:00:00Z'))).toBe('expired');
  });

  it('tells another account so before saying the link was used or expired (it reveals nothing of its state)', () => {
    expect(linkRefusal(link({ usedAt: now, expiresAt: now }), 'u-other', now)).toBe('otherAccount');
  });

  it('puts the token in the fragment of the web app page, which browsers never send to a server', () => {
    const url = onboardingLinkUrl('https://sparkhouse.example', { storefrontSlug: 'jane yoga', appSlug: 'flow-app' }, 'TOKEN');
    expect(url).toBe('https://sparkhouse.example/apps/jane%20yoga/flow-app/onboarding/link#TOKEN');
    expect(onboardingLinkEmail(url).text).toContain(url);
  });
});

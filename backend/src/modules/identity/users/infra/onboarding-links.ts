import { createHash, randomBytes } from 'node:crypto';
import type { Db } from '../../../../platform/database/database';
import { rows, run } from '../../../../platform/database/sql';
import type { StoredOnboardingLink } from '../domain/onboarding-link';

/** 256 random bits, url-safe: unguessable, and short enough for a link. */
export const newLinkToken = () => randomBytes(32).toString('base64url');

/** Only this is stored: a leaked table cannot be turned back into working links. */
export const hashLinkToken = (token: string) => createHash('sha256').update(token).digest('hex');

interface LinkRow {
  link_id: string;
  user_id: string;
  anonymous_id: string;
  storefront_slug: string;
  app_slug: string;
  expires_at: Date;
  used_at: Date | null;
}

/** The onboarding_link write model (see the migration). Always inside the command's transaction. */
export const onboardingLinks = {
  async insert(em: Db, link: Omit<StoredOnboardingLink, 'usedAt'> & { tokenHash: string; requestedAt: Date }): Promise<void> {
    await run(
      em,
      `insert into onboarding_link (link_id, token_hash, anonymous_id, user_id, storefront_slug, app_slug, requested_at, expires_at)
       values (?, ?, ?, ?, ?, ?, ?, ?)`,
      [
        link.linkId,
        link.tokenHash,
        link.anonymousId,
        link.userId,
        link.storefrontSlug,
        link.appSlug,
        link.requestedAt,
        link.expiresAt,
      ],
    );
  },

  /** The link with this token hash, locked until the transaction ends: two clicks at once are served one after the other. */
  async lock(em: Db, tokenHash: string): Promise<StoredOnboardingLink | null> {
    const [r] = await rows<LinkRow>(
      em,
      `select link_id::text, user_id, anonymous_id, storefront_slug, app_slug, expires_at, used_at
         from onboarding_link where token_hash = ? for update`,
      [tokenHash],
    );
    if (!r) return null;
    return {
      linkId: r.link_id,
      userId: r.user_id,
      anonymousId: r.anonymous_id,
      storefrontSlug: r.storefront_slug,
      appSlug: r.app_slug,
      expiresAt: new Date(r.expires_at),
      usedAt: r.used_at ? new Date(r.used_at) : null,
    };
  },

  async markUsed(em: Db, linkId: string, at: Date): Promise<void> {
    await run(em, 'update onboarding_link set used_at = ? where link_id = ?', [at, linkId]);
  },
};

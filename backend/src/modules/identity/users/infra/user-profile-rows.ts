import type { Db } from '../../../../platform/database/database';
import { isVip, type UserProfileState } from '../domain/user-profile';

/** A user_profile row as PostgreSQL answers it. */
export interface UserProfileRow {
  user_id: string;
  email: string;
  first_name: string;
  last_name: string;
  username: string | null;
  sign_up_date: Date;
  mini_bio: string | null;
  membership_status: UserProfileState['membershipStatus'];
  profile_photo: string | null;
  current_session_slug: string | null;
  is_creator: boolean;
  has_new_dashboard_access: boolean;
  vip_products: Record<string, boolean>;
  is_vip: boolean;
  is_special: boolean;
  stripe_customer_id: string | null;
  offers_seen_info: UserProfileState['offersSeenInfo'];
  is_social_sign_in: boolean;
  social_provider: string | null;
  version: number;
}

export function rowToState(r: UserProfileRow): UserProfileState {
  return {
    userId: r.user_id,
    email: r.email,
    firstName: r.first_name,
    lastName: r.last_name,
    username: r.username,
    signUpDate: new Date(r.sign_up_date).toISOString(),
    miniBio: r.mini_bio,
    membershipStatus: r.membership_status,
    profilePhoto: r.profile_photo,
    currentSessionSlug: r.current_session_slug,
    isCreator: r.is_creator,
    hasNewDashboardAccess: r.has_new_dashboard_access,
    vipProducts: r.vip_products,
    isSpecial: r.is_special,
    stripeCustomerId: r.stripe_customer_id,
    offersSeenInfo: r.offers_seen_info,
    isSocialSignIn: r.is_social_sign_in,
    socialProvider: r.social_provider,
    version: r.version,
  };
}

const run = (em: Db, sql: string, params: unknown[]) =>
  em.getConnection().execute(sql, params, 'all', em.isInTransaction() ? em.getTransactionContext() : undefined);

export async function loadProfileRow(em: Db, userId: string): Promise<UserProfileRow | null> {
  const [row] = (await run(em, 'select * from user_profile where user_id = ?', [userId])) as UserProfileRow[];
  return row ?? null;
}

export async function saveProfileRow(em: Db, s: UserProfileState): Promise<void> {
  await run(
    em,
    `insert into user_profile (user_id, email, first_name, last_name, username, sign_up_date, mini_bio, membership_status,
       profile_photo, current_session_slug, is_creator, has_new_dashboard_access, vip_products, is_vip, is_special, stripe_customer_id,
       offers_seen_info, is_social_sign_in, social_provider, version)
     values (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?::jsonb, ?, ?, ?, ?::jsonb, ?, ?, ?)
     on conflict (user_id) do update set email = excluded.email, first_name = excluded.first_name,
       last_name = excluded.last_name, username = excluded.username, sign_up_date = excluded.sign_up_date,
       mini_bio = excluded.mini_bio, membership_status = excluded.membership_status, profile_photo = excluded.profile_photo,
       current_session_slug = excluded.current_session_slug, is_creator = excluded.is_creator,
       has_new_dashboard_access = excluded.has_new_dashboard_access,
       vip_products = excluded.vip_products, is_vip = excluded.is_vip, is_special = excluded.is_special,
       stripe_customer_id = excluded.stripe_customer_id, offers_seen_info = excluded.offers_seen_info,
       is_social_sign_in = excluded.is_social_sign_in, social_provider = excluded.social_provider, version = excluded.version`,
    [
      s.userId,
      s.email,
      s.firstName,
      s.lastName,
      s.username,
      s.signUpDate,
      s.miniBio,
      s.membershipStatus,
      s.profilePhoto,
      s.currentSessionSlug,
      s.isCreator,
      s.hasNewDashboardAccess,
      JSON.stringify(s.vipProducts),
      isVip(s),
      s.isSpecial,
      s.stripeCustomerId,
      JSON.stringify(s.offersSeenInfo),
      s.isSocialSignIn,
      s.socialProvider,
      s.version,
    ],
  );
}

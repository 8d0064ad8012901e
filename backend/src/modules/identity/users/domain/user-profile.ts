import {
  CreatorAccessChanged,
  MembershipStatusChanged,
  OfferSeenRecorded,
  ProgramInfoSaved,
  StripeCustomerRecorded,
  UserProfileCreated,
  VipStatusChanged,
  isFactOf,
  type CallResponse,
  type users,
} from '@sparkhouse/contracts';

export type UserView = CallResponse<typeof users.getBasicUserInfo>;
export type MembershipStatus = UserView['membershipStatus'];
type OfferSeen = UserView['offersSeenInfo'][string];

/** The profile as folded from its `user-<userId>` stream; the user_profile row holds exactly this. */
export interface UserProfileState {
  userId: string;
  email: string;
  firstName: string;
  lastName: string;
  username: string | null;
  signUpDate: string;
  miniBio: string | null;
  membershipStatus: MembershipStatus;
  profilePhoto: string | null;
  currentSessionSlug: string | null;
  /** A creator (spec 6: has creatorInfo) once an admin has set their creator access; everyone else is not. */
  isCreator: boolean;
  hasNewDashboardAccess: boolean;
  vipProducts: Record<string, boolean>;
  isSpecial: boolean;
  stripeCustomerId: string | null;
  offersSeenInfo: Record<string, OfferSeen>;
  isSocialSignIn: boolean;
  socialProvider: string | null;
  /** Stream version of the last event folded in: the read model is fresh when it matches the stream's. */
  version: number;
}

/** The part of a stored event the fold needs. */
export interface UserStreamEvent {
  type: string;
  payload: unknown;
  streamVersion: number;
}

/** The 5-minute window of spec 9: one saved last-seen-offer record per user and offer in it. */
export const OFFER_SEEN_THROTTLE_MS = 300_000;

/** Applies one event of a user stream. Events before the profile exists change nothing of it. */
export function evolve(state: UserProfileState | null, e: UserStreamEvent): UserProfileState | null {
  if (isFactOf(e, UserProfileCreated.type)) {
    if (state) return { ...state, version: e.streamVersion };
    const p = e.payload;
    return {
      userId: p.userId,
      email: p.email,
      firstName: p.firstName,
      lastName: p.lastName,
      username: null,
      signUpDate: p.signUpDate,
      miniBio: null,
      membershipStatus: 'inactive',
      profilePhoto: null,
      currentSessionSlug: null,
      isCreator: false,
      hasNewDashboardAccess: false,
      vipProducts: {},
      isSpecial: false,
      stripeCustomerId: null,
      offersSeenInfo: {},
      isSocialSignIn: p.isSocialSignIn,
      socialProvider: p.socialProvider,
      version: e.streamVersion,
    };
  }
  if (!state) return null;
  const next = { ...state, version: e.streamVersion };
  if (isFactOf(e, VipStatusChanged.type))
    return { ...next, vipProducts: { ...state.vipProducts, [e.payload.product]: e.payload.isVip } };
  if (isFactOf(e, CreatorAccessChanged.type))
    return { ...next, isCreator: true, hasNewDashboardAccess: e.payload.hasNewDashboardAccess };
  if (isFactOf(e, OfferSeenRecorded.type)) {
    const p = e.payload;
    const seen = { expirationDateSeen: p.expirationDateSeen, lastSeenCurrentOffer: p.lastSeenCurrentOffer };
    return { ...next, offersSeenInfo: { ...state.offersSeenInfo, [p.offerKey]: seen } };
  }
  if (isFactOf(e, MembershipStatusChanged.type)) return { ...next, membershipStatus: e.payload.status };
  if (isFactOf(e, StripeCustomerRecorded.type)) return { ...next, stripeCustomerId: e.payload.stripeCustomerId };
  return next;
}

export function foldUserStream(events: readonly UserStreamEvent[]): UserProfileState | null {
  return events.reduce<UserProfileState | null>(evolve, null);
}

/** When the offer was last recorded for this user (ms since epoch), or null. */
export function lastOfferSeenAt(events: readonly UserStreamEvent[], offerKey: string): number | null {
  for (let i = events.length - 1; i >= 0; i--) {
    const e = events[i];
    if (isFactOf(e, OfferSeenRecorded.type) && e.payload.offerKey === offerKey) return Date.parse(e.payload.recordedAt);
  }
  return null;
}

/** Whether a last-seen-offer save is due, given the previous one (spec 9: once per 5 minutes). */
export function offerSeenSaveDue(lastRecordedAt: number | null, now: number, windowMs = OFFER_SEEN_THROTTLE_MS): boolean {
  return lastRecordedAt === null || now - lastRecordedAt >= windowMs;
}

/** The latest program info saved for a slug in a user stream, or null. */
export function programInfoIn(events: readonly UserStreamEvent[], slug: string): Record<string, unknown> | null {
  for (let i = events.length - 1; i >= 0; i--) {
    const e = events[i];
    if (isFactOf(e, ProgramInfoSaved.type) && e.payload.slug === slug) return e.payload.programInfo;
  }
  return null;
}

export const isVip = (s: Pick<UserProfileState, 'vipProducts'>) => Object.values(s.vipProducts).some(Boolean);

/** The User of spec section 3; enrolments come from the catalogue's ClassEnrolled facts. */
export function toUserView(s: UserProfileState, classesEnrolled: UserView['classesEnrolled'] = {}): UserView {
  return {
    userId: s.userId,
    email: s.email,
    firstName: s.firstName,
    lastName: s.lastName,
    username: s.username,
    signUpDate: s.signUpDate,
    miniBio: s.miniBio,
    membershipStatus: s.membershipStatus,
    profilePhoto: s.profilePhoto,
    classesEnrolled,
    currentSessionSlug: s.currentSessionSlug,
    // only creators have creatorInfo: its presence is what sends a signed-in creator to their classes (spec 4)
    creatorInfo: s.isCreator ? { hasNewDashboardAccess: s.hasNewDashboardAccess } : null,
    isVip: isVip(s),
    vipProducts: s.vipProducts,
    isSpecial: s.isSpecial,
    stripeCustomerId: s.stripeCustomerId,
    offersSeenInfo: s.offersSeenInfo,
  };
}

/** `updateSparkhouseVipStatus` -> `sparkhouse`. */
export function productOfVipPath(path: string): string | null {
  const m = /^update([A-Za-z0-9]+)VipStatus$/.exec(path);
  return m ? m[1].toLowerCase() : null;
}

import { z } from 'zod';
import { defineEvent } from './envelope';

/*
 * Facts of the users area (profiles, roles, VIP, offers seen, program info, anonymous linking).
 * Streams: `user-<userId>` (the profile and everything a signed-in user saves), `anonymous-<anon_id>`
 * (the one link of an anonymous visitor to a user), `onboarding-link-<linkId>` (an emailed plan link),
 * `email-<email>` (confirmation requests and leads).
 */

const offerSeenValue = z.union([z.string(), z.number()]);

export const UserProfileCreated = defineEvent(
  'UserProfileCreated',
  1,
  z.object({
    userId: z.string(),
    email: z.string(),
    firstName: z.string(),
    lastName: z.string(),
    isSocialSignIn: z.boolean(),
    socialProvider: z.string().nullable(),
    /** ISO date-time: the sign-up date shown on the profile. */
    signUpDate: z.string(),
  }),
);

/** A product-specific VIP flag (`/users/update{product}VipStatus`); product is lower-cased. */
export const VipStatusChanged = defineEvent(
  'VipStatusChanged',
  1,
  z.object({ userId: z.string(), product: z.string(), isVip: z.boolean() }),
);

export const CreatorAccessChanged = defineEvent(
  'CreatorAccessChanged',
  1,
  z.object({ userId: z.string(), hasNewDashboardAccess: z.boolean() }),
);

/** The user saw an offer (spec 4, offer visibility); recordedAt drives the 5-minute save throttle. */
export const OfferSeenRecorded = defineEvent(
  'OfferSeenRecorded',
  1,
  z.object({
    userId: z.string(),
    offerKey: z.string(),
    expirationDateSeen: offerSeenValue,
    lastSeenCurrentOffer: offerSeenValue,
    recordedAt: z.string(),
  }),
);

export const ProgramInfoSaved = defineEvent(
  'ProgramInfoSaved',
  1,
  z.object({ userId: z.string(), slug: z.string(), programInfo: z.record(z.string(), z.unknown()), savedAt: z.string() }),
);

/**
 * An anonymous visitor id now belongs to a user, once and for good. Modules holding anonymous data
 * (onboarding state, plans, cart) react to it by moving that data to the user.
 */
export const AnonymousIdLinked = defineEvent(
  'AnonymousIdLinked',
  1,
  z.object({
    anonymousId: z.string(),
    userId: z.string(),
    via: z.enum(['sign-in', 'onboarding-email']),
    storefrontSlug: z.string().nullable(),
    appSlug: z.string().nullable(),
  }),
);

/**
 * "Email me my plan" (stream `onboarding-link-<linkId>`): an anonymous visitor asked for a one-time link
 * to be emailed to an address. `userId` is the address's owner, or null when no account has it (then
 * nothing was sent; the visitor's answer was the same).
 */
export const OnboardingLinkRequested = defineEvent(
  'OnboardingLinkRequested',
  1,
  z.object({
    linkId: z.string(),
    anonymousId: z.string(),
    storefrontSlug: z.string(),
    appSlug: z.string(),
    userId: z.string().nullable(),
    expiresAt: z.string(),
  }),
);

/**
 * The owner followed the emailed link, signed in: the link is spent. `dataLinked` false when the
 * anonymous id was already linked (to them, or to someone else: `linkedElsewhere`).
 */
export const OnboardingLinkRedeemed = defineEvent(
  'OnboardingLinkRedeemed',
  1,
  z.object({
    linkId: z.string(),
    anonymousId: z.string(),
    userId: z.string(),
    dataLinked: z.boolean(),
    linkedElsewhere: z.boolean(),
  }),
);

/** Sign-up compensation (spec 4): the backend user could not be created, a confirmation was asked for. */
export const EmailConfirmationRequested = defineEvent('EmailConfirmationRequested', 1, z.object({ email: z.string() }));

/** A lead: an email left by a visitor, with the class they are interested in and tags. */
export const EmailCollected = defineEvent(
  'EmailCollected',
  1,
  z.object({
    email: z.string(),
    classInterestedIn: z.string().nullable(),
    extraTags: z.array(z.string()),
    collectedAt: z.string(),
  }),
);

/**
 * The user's membership status (spec 4: active, inactive, suspended) moved, following their Sparkhouse
 * membership subscription: active while it is paid or trialing, suspended when a payment failed
 * (past_due, unpaid), inactive once it has ended. Appended by the users area's membership reactor.
 */
export const MembershipStatusChanged = defineEvent(
  'MembershipStatusChanged',
  1,
  z.object({
    userId: z.string(),
    status: z.enum(['active', 'inactive', 'suspended']),
    previousStatus: z.enum(['active', 'inactive', 'suspended']),
    /** The subscription whose change moved it, and that subscription's status then. */
    subscriptionId: z.string(),
    subscriptionStatus: z.string(),
  }),
);

/** The user's payment-provider customer (User.stripeCustomerId), recorded when commerce created it. */
export const StripeCustomerRecorded = defineEvent(
  'StripeCustomerRecorded',
  1,
  z.object({ userId: z.string(), stripeCustomerId: z.string() }),
);

export const userEvents = [
  UserProfileCreated,
  VipStatusChanged,
  CreatorAccessChanged,
  OfferSeenRecorded,
  ProgramInfoSaved,
  AnonymousIdLinked,
  OnboardingLinkRequested,
  OnboardingLinkRedeemed,
  EmailConfirmationRequested,
  EmailCollected,
  MembershipStatusChanged,
  StripeCustomerRecorded,
] as const;

// The /users calls of spec section 7 (Users and identity) and their neighbours, declared with defineCall.
// Only calls are exported from this file: api/index.ts lists every export as a call.
import { z } from 'zod';
import { anonymousIdSchema, defineCall } from '../http';
import { ONBOARDING_LINK_TOKEN } from '../onboarding-links';

/** A string field whose absence reads as the product's own "required" sentence. */
const requiredString = (message: string) =>
  z.string({ error: (issue) => (issue.input === undefined || issue.input === null ? message : undefined) });

const INVALID_EMAIL = "This email address looks invalid. If we're wrong, please contact support.";

/** Spec 5: required, pattern non-space @ non-space . non-space, stored lower-cased. */
const emailField = requiredString('You must provide an email.')
  .trim()
  .min(1, { message: 'You must provide an email.', abort: true })
  .max(254, { message: INVALID_EMAIL, abort: true })
  .regex(/^\S+@\S+\.\S+$/, INVALID_EMAIL)
  .transform((v) => v.toLowerCase());

const nameField = (label: 'First' | 'Last') =>
  requiredString(`You must provide a ${label.toLowerCase()} name.`)
    .trim()
    .min(1, { message: `You must provide a ${label.toLowerCase()} name.`, abort: true })
    .max(20, `${label} name can't be longer than 20 characters long`);

const userIdField = z.string().trim().min(1).max(128);
const slugField = z.string().trim().min(1).max(200);

const membershipStatusSchema = z.enum(['active', 'inactive', 'suspended']);
const offerSeenValue = z.union([z.string().max(100), z.number()], {
  error: (issue) => (issue.input === undefined ? 'is required' : 'must be a date string or a timestamp'),
});

/** The User of spec section 3. */
const userSchema = z.object({
  userId: z.string(),
  email: z.string(),
  firstName: z.string(),
  lastName: z.string(),
  username: z.string().nullable(),
  signUpDate: z.string(),
  miniBio: z.string().nullable(),
  membershipStatus: membershipStatusSchema,
  profilePhoto: z.string().nullable(),
  classesEnrolled: z.record(z.string(), z.object({ classStartDate: z.string(), classEndDate: z.string() })),
  currentSessionSlug: z.string().nullable(),
  /** Present only for creators (spec 6: a creator has creatorInfo); null for everyone else. */
  creatorInfo: z.object({ hasNewDashboardAccess: z.boolean() }).nullable(),
  /** The VIP flag: true when the user is VIP of any product. */
  isVip: z.boolean(),
  /** VIP flags by product (lower-cased), as set by `/users/update{product}VipStatus`. */
  vipProducts: z.record(z.string(), z.boolean()),
  /** The special top-level flag; no call of the spec sets it yet. */
  isSpecial: z.boolean(),
  stripeCustomerId: z.string().nullable(),
  offersSeenInfo: z.record(z.string(), z.object({ expirationDateSeen: offerSeenValue, lastSeenCurrentOffer: offerSeenValue })),
});

/** Spec 5: success counts only when `success` is true; data counts as linked only when `dataLinked` is true. */
const linkResultSchema = z.object({ success: z.boolean(), dataLinked: z.boolean(), error: z.string().optional() });

export const getBasicUserInfo = defineCall({
  id: 'getBasicUserInfo',
  module: 'users',
  method: 'GET',
  path: '/users/getBasicUserInfo',
  access: 'user',
  style: 'envelope',
  summary: "The caller's user profile; with userId, another user's (admins only, others get 403).",
  query: z.object({ userId: userIdField.optional() }),
  response: userSchema,
});

export const createUserForm = defineCall({
  id: 'createUserForm',
  module: 'users',
  method: 'POST',
  path: '/createUser',
  access: 'user',
  style: 'legacy',
  summary: 'Create the backend user for the signed-in identity (form body). Creating it again answers the existing profile.',
  body: z.object({ userId: userIdField, firstName: nameField('First'), lastName: nameField('Last'), email: emailField }),
  response: userSchema,
});

export const createUser = defineCall({
  id: 'createUser',
  module: 'users',
  method: 'POST',
  path: '/users/createUser',
  access: 'user',
  style: 'envelope',
  summary: 'Create the backend user for the signed-in identity (JSON). Creating it again answers the existing profile.',
  body: z.object({
    userId: userIdField,
    email: emailField,
    firstName: nameField('First'),
    lastName: nameField('Last'),
    isSocialSignIn: z.boolean().default(false),
    socialProvider: z.string().trim().min(1).max(50).nullish(),
  }),
  response: userSchema,
});

export const checkUserExists = defineCall({
  id: 'checkUserExists',
  module: 'users',
  method: 'GET',
  path: '/users/checkUserExists',
  access: 'public',
  style: 'envelope',
  summary: 'Whether a user profile exists for an email.',
  query: z.object({ email: emailField }),
  response: z.object({ exists: z.boolean() }),
});

export const confirmEmail = defineCall({
  id: 'confirmEmail',
  module: 'users',
  method: 'POST',
  path: '/confirmEmail',
  access: 'public',
  style: 'legacy',
  summary: 'Sign-up compensation (spec 4): records that a confirmation of this email was requested.',
  body: z.object({ email: emailField }),
  response: z.object({ success: z.literal(true) }),
});

export const collectEmail = defineCall({
  id: 'collectEmail',
  module: 'users',
  method: 'POST',
  path: '/collectEmail',
  access: 'public',
  style: 'legacy',
  summary: 'Store a lead: an email, the class it is interested in and tags (a list or comma-separated text).',
  body: z.object({
    email: emailField,
    classInterestedIn: z.string().trim().max(200).optional(),
    extraTags: z
      .union([z.string().max(1000), z.array(z.string().max(100)).max(20)], { error: 'must be text or a list of text' })
      .optional()
      .transform((v) =>
        (Array.isArray(v) ? v : (v ?? '').split(','))
          .map((t) => t.trim())
          .filter(Boolean)
          .slice(0, 20),
      ),
  }),
  response: z.object({ success: z.literal(true) }),
});

export const isAdmin = defineCall({
  id: 'isAdmin',
  module: 'users',
  method: 'GET',
  path: '/isAdmin',
  access: 'public',
  style: 'legacy',
  summary: 'Whether the caller is an admin; false when not signed in.',
  response: z.object({ isAdmin: z.boolean() }),
});

export const checkIsAdmin = defineCall({
  id: 'checkIsAdmin',
  module: 'users',
  method: 'GET',
  path: '/checkIsAdmin',
  access: 'public',
  style: 'legacy',
  summary: 'Same answer as /isAdmin.',
  response: z.object({ isAdmin: z.boolean() }),
});

export const getMembershipInfo = defineCall({
  id: 'getMembershipInfo',
  module: 'users',
  method: 'GET',
  path: '/users/getMembershipInfo',
  access: 'user',
  style: 'envelope',
  summary: "The caller's membership: status, VIP, classes. Subscriptions come with the commerce module (false until then).",
  response: z.object({
    membershipStatus: membershipStatusSchema,
    hasActiveSubscription: z.boolean(),
    hasActiveOrTrialSubscription: z.boolean(),
    isVip: z.boolean(),
    hasActiveClass: z.boolean(),
    hasAnyClass: z.boolean(),
  }),
});

export const checkEmail = defineCall({
  id: 'checkEmail',
  module: 'users',
  method: 'GET',
  path: '/users/checkEmail',
  access: 'public',
  style: 'envelope',
  summary:
    'Email check before sign-up: a typo suggestion for common providers and a score in [0, 1] ' +
    '(at most 0.25: ask the user to check the address). No network look-ups.',
  query: z.object({ email: requiredString('You must provide an email.').trim().min(1, 'You must provide an email.').max(320) }),
  response: z.object({ suggestion: z.string().nullable(), score: z.number().min(0).max(1), reasons: z.array(z.string()) }),
});

export const updateVipStatus = defineCall({
  id: 'updateVipStatus',
  module: 'users',
  method: 'POST',
  path: '/users/:updateVipStatusPath',
  access: 'user',
  style: 'envelope',
  summary:
    'POST /users/update{product}VipStatus (e.g. updateSparkhouseVipStatus): set the VIP flag of a product. ' +
    'Your own; admins may pass userId for another user.',
  params: z.object({
    updateVipStatusPath: z.string().regex(/^update([A-Za-z0-9]+)VipStatus$/, 'must look like update{Product}VipStatus'),
  }),
  body: z.object({ isVip: z.boolean(), userId: userIdField.optional() }),
  response: z.object({ userId: z.string(), product: z.string(), isVip: z.boolean() }),
});

export const setCreatorAccess = defineCall({
  id: 'setCreatorAccess',
  module: 'users',
  method: 'POST',
  path: '/users/setCreatorAccess',
  access: 'admin',
  style: 'envelope',
  summary: "Grant or withdraw a creator's access to the new dashboard (creatorInfo.hasNewDashboardAccess).",
  body: z.object({ userId: userIdField, hasNewDashboardAccess: z.boolean() }),
  response: z.object({ userId: z.string(), hasNewDashboardAccess: z.boolean() }),
});

export const saveLastSeenOfferInfo = defineCall({
  id: 'saveLastSeenOfferInfo',
  module: 'users',
  method: 'POST',
  path: '/saveLastSeenOfferInfo',
  access: 'user',
  style: 'legacy',
  summary:
    'Record the offer dates a user has seen into offersSeenInfo[offer_key]. At most once per 5 minutes per offer: ' +
    'a save inside that window succeeds with saved false and changes nothing.',
  body: z.object({
    offer_key: z
      .string()
      .trim()
      .regex(/^[A-Za-z0-9_.:-]{1,100}$/, 'must be 1 to 100 letters, digits or _ . : -'),
    exp_date_seen: offerSeenValue,
    offer_last_seen: offerSeenValue,
  }),
  response: z.object({ success: z.literal(true), saved: z.boolean() }),
});

const PROGRAM_INFO_MAX_CHARS = 16 * 1024;

export const getProgramInfoForUserAndSlug = defineCall({
  id: 'getProgramInfoForUserAndSlug',
  module: 'users',
  method: 'GET',
  path: '/getProgramInfoForUserAndSlug',
  access: 'user',
  style: 'legacy',
  summary: "The caller's saved program info for a program slug (null when none).",
  query: z.object({ slug: slugField }),
  response: z.object({ slug: z.string(), program_info: z.record(z.string(), z.unknown()).nullable() }),
});

export const saveProgramInfoForUserAndSlug = defineCall({
  id: 'saveProgramInfoForUserAndSlug',
  module: 'users',
  method: 'POST',
  path: '/saveProgramInfoForUserAndSlug',
  access: 'user',
  style: 'legacy',
  summary: "Save the caller's program info (an object, at most 16 KB as JSON) for a program slug.",
  body: z.object({
    slug: slugField,
    program_info: z
      .record(z.string(), z.unknown(), {
        error: (issue) => (issue.input === undefined ? 'is required' : 'must be an object'),
      })
      .refine((v) => JSON.stringify(v).length <= PROGRAM_INFO_MAX_CHARS, 'must be at most 16 KB as JSON'),
  }),
  response: z.object({ success: z.literal(true) }),
});

export const linkOnboardingWithEmail = defineCall({
  id: 'linkOnboardingWithEmail',
  module: 'users',
  method: 'POST',
  path: '/users/linkOnboardingWithEmail/:storefrontSlug/:appSlug',
  access: 'public',
  style: 'envelope',
  summary:
    "Email me my plan: emails the owner of this address a one-time link (24 hours) that links the anonymous visitor's " +
    'onboarding and plan to their account once they follow it signed in (confirmOnboardingLink). The caller proves the ' +
    'anonymous id with X-Non-Auth-User-Id. Known and unknown addresses get the same answer, in the same time: success ' +
    'true, dataLinked false (nothing is linked yet). Limited per address and per email (429).',
  params: z.object({ storefrontSlug: slugField, appSlug: slugField }),
  body: z.object({ email: emailField, nonAuthUserId: anonymousIdSchema }),
  response: linkResultSchema.extend({ message: z.string() }),
});

export const confirmOnboardingLink = defineCall({
  id: 'confirmOnboardingLink',
  module: 'users',
  method: 'POST',
  path: '/users/confirmOnboardingLink',
  access: 'user',
  style: 'envelope',
  summary:
    'Follow an emailed plan link (linkOnboardingWithEmail), signed in as the account it was sent to: links the ' +
    "visitor's answers and plan to it, once. A tampered link answers 400 LINK_INVALID, a used or expired one 410 " +
    'LINK_USED / LINK_EXPIRED, another account 403; none of them links anything.',
  body: z.object({
    token: z
      .string({ error: (issue) => (issue.input === undefined ? 'is required' : 'must be a string') })
      .regex(ONBOARDING_LINK_TOKEN, 'is not a valid plan link'),
  }),
  response: linkResultSchema.extend({ storefrontSlug: z.string(), appSlug: z.string() }),
});

export const linkAuthUserWithAnonymousUserId = defineCall({
  id: 'linkAuthUserWithAnonymousUserId',
  module: 'users',
  method: 'POST',
  path: '/users/linkAuthUserWithAnonymousUserId',
  access: 'user',
  style: 'envelope',
  summary:
    'After login, link the anonymous id to the signed-in user. Once: again to the same user answers dataLinked false; ' +
    'to another user answers success false.',
  body: z.object({ anonymousUserId: anonymousIdSchema }),
  response: linkResultSchema,
});

export const generateAppAuthToken = defineCall({
  id: 'generateAppAuthToken',
  module: 'users',
  method: 'POST',
  path: '/users/generateAppAuthToken',
  access: 'user',
  style: 'envelope',
  summary: "A 15-minute token for the user's apps (audience sparkhouse-apps); the API itself does not accept it.",
  body: z.object({}),
  response: z.object({ token: z.string(), expiresAt: z.string() }),
});

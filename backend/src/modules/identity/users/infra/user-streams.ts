/** Stream ids of the users area (see contracts/src/events/users.ts). */
export const userStreamId = (userId: string) => `user-${userId}`;
export const anonymousStreamId = (anonymousId: string) => `anonymous-${anonymousId}`;
export const emailStreamId = (email: string) => `email-${email.toLowerCase()}`;
export const onboardingLinkStreamId = (linkId: string) => `onboarding-link-${linkId}`;

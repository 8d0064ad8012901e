import { z } from 'zod';
import { defineEvent } from './envelope';

/*
 * Facts of an app's visitors (spec 3 "App onboarding state", "Personalized plan"). Stream:
 * `app-visitor-<appId>-<visitorId>`, where the visitor is a user id or an anonymous anon_ id. An
 * anonymous visitor's data follows them to their account through identity's AnonymousIdLinked. A
 * creator testing their app is the visitor `testing-<userId>-<testingStepId>`.
 */

/** Where the visitor is in the app's onboarding, with their answers so far. */
export const OnboardingUserStateSaved = defineEvent(
  'OnboardingUserStateSaved',
  1,
  z.object({
    appId: z.string(),
    visitorId: z.string(),
    userState: z.record(z.string(), z.unknown()),
    pagesInfo: z.record(z.string(), z.unknown()),
    /** Set when the app's creator is testing a step: kept apart from live visitors, never counted. */
    testingStepId: z.string().optional(),
  }),
);

/** The visitor went through the whole flow; their final answers. */
export const OnboardingCompleted = defineEvent(
  'OnboardingCompleted',
  1,
  z.object({
    appId: z.string(),
    visitorId: z.string(),
    finalUserState: z.record(z.string(), z.unknown()),
    pagesInfo: z.record(z.string(), z.unknown()),
    testingStepId: z.string().optional(),
  }),
);

/** A personalized plan was asked for (its JobRequested is in the same transaction, run id = plan id's run). */
export const PersonalizedPlanRequested = defineEvent(
  'PersonalizedPlanRequested',
  1,
  z.object({
    appId: z.string(),
    visitorId: z.string(),
    planId: z.string(),
    runId: z.string(),
    forceRegenerate: z.boolean(),
    testingStepId: z.string().optional(),
  }),
);

/* Test flows: a creator's named sequence of answers the simulator replays. Stream: `test-flow-<testFlowId>`. */

export const TestFlowCreated = defineEvent(
  'TestFlowCreated',
  1,
  z.object({ testFlowId: z.string(), appId: z.string(), ownerId: z.string(), title: z.string() }),
);

/** Only the fields present changed; steps replace the whole sequence. */
export const TestFlowUpdated = defineEvent(
  'TestFlowUpdated',
  1,
  z.object({
    testFlowId: z.string(),
    title: z.string().optional(),
    steps: z.array(z.object({ pageId: z.string(), answers: z.record(z.string(), z.unknown()) })).optional(),
  }),
);

export const TestFlowDeleted = defineEvent('TestFlowDeleted', 1, z.object({ testFlowId: z.string() }));

/**
 * A visitor opened an app's public landing page: the spec's "product landing" analytics event, posted to
 * the collector (/data) with the properties {storefrontSlug, appSlug}, recorded as a fact so the creator's
 * Insights can count landing views from the log. Stream: `app-landing-<storefrontSlug>-<appSlug>`.
 * visitorId: the event's user_id, else its device_id (the browser's anon_ id); null when it had neither.
 */
export const AppLandingViewed = defineEvent(
  'AppLandingViewed',
  1,
  z.object({
    /** The address the page was viewed at (the app's current one, or an earlier one it answered with a 301). */
    storefrontSlug: z.string(),
    appSlug: z.string(),
    /** The app, when the page said which (its `appId` property). */
    appId: z.string().optional(),
    visitorId: z.string().nullable(),
    /** When the page was viewed (the analytics event's time). */
    viewedAt: z.string(),
  }),
);

export const appVisitorsEvents = [
  AppLandingViewed,
  OnboardingUserStateSaved,
  OnboardingCompleted,
  PersonalizedPlanRequested,
  TestFlowCreated,
  TestFlowUpdated,
  TestFlowDeleted,
] as const;

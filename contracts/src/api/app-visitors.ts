// The calls an app's visitors make (spec 7 "Apps area"): their onboarding state, completing the
// onboarding, and their personalized plan. Anonymous visitors send their anon_ id
// (X-Non-Auth-User-Id); signed-in members their token. Each visitor only ever reaches their own data.
import { z } from 'zod';
import { defineCall } from '../http';
import { onboardingPagesInfoSchema, onboardingUserStateSchema } from '../onboarding';
import { PersonalizedPlanSchema } from '../creator-documents';
import { appIdField, simulatedFlowField, slugParam, testingStepIdField } from './creator-apps-schemas';

const mod = 'creator-apps';
const slugParams = z.object({ storefrontSlug: slugParam, appSlug: slugParam });

const onboardingStateSchema = z.object({
  appId: z.string(),
  userState: onboardingUserStateSchema.nullable(),
  pagesInfo: onboardingPagesInfoSchema.nullable(),
  completed: z.boolean(),
  completedAt: z.string().nullable(),
  updatedAt: z.string().nullable(),
});

const planStatusSchema = z.enum(['queued', 'running', 'completed', 'error']);

const testingQuery = z.object({ testingStepId: testingStepIdField });

export const saveOnboardingUserState = defineCall({
  id: 'saveOnboardingUserState',
  module: mod,
  method: 'POST',
  path: '/apps/saveOnboardingUserState/:storefrontSlug/:appSlug',
  access: 'owner',
  style: 'envelope',
  summary:
    "Keep the visitor's answers so far (userState) and where they are (pagesInfo), to resume after a reload. " +
    'Answers must belong to the published flow. Unknown or unpublished app: 404.',
  params: slugParams,
  body: z.object({ userState: onboardingUserStateSchema, pagesInfo: onboardingPagesInfoSchema }),
  response: onboardingStateSchema,
});

export const getOnboardingUserState = defineCall({
  id: 'getOnboardingUserState',
  module: mod,
  method: 'GET',
  path: '/apps/getOnboardingUserState/:storefrontSlug/:appSlug',
  access: 'owner',
  style: 'envelope',
  summary: "The caller's own onboarding state for the app (userState and pagesInfo null before the first save).",
  params: slugParams,
  response: onboardingStateSchema,
});

export const completeOnboarding = defineCall({
  id: 'completeOnboarding',
  module: mod,
  method: 'POST',
  path: '/apps/completeOnboarding/:storefrontSlug/:appSlug',
  access: 'owner',
  style: 'envelope',
  summary:
    'Finish the onboarding with the final answers: every required question of the published flow answered as its kind ' +
    'asks (400 naming the first one that is not).',
  params: slugParams,
  body: z.object({ finalUserState: onboardingUserStateSchema, pagesInfo: onboardingPagesInfoSchema }),
  response: onboardingStateSchema,
});

export const createPersonalizedPlan = defineCall({
  id: 'createPersonalizedPlan',
  module: mod,
  method: 'POST',
  path: '/apps/createPersonalizedPlan/:storefrontSlug/:appSlug',
  access: 'owner',
  style: 'envelope',
  summary:
    "Make the visitor's personalized plan from their answers (userState) and the app's blueprint, as a background job on " +
    'the personalized-plans queue; follow it on the socket (job:progress) or checkPlanStatus. A plan already made (or being ' +
    'made) is reused unless forceRegenerate is true.',
  params: slugParams,
  body: z.object({ userState: onboardingUserStateSchema, forceRegenerate: z.boolean().optional() }),
  response: z.object({ planId: z.string(), runId: z.string(), status: planStatusSchema, reused: z.boolean() }),
  successStatus: 202,
});

export const checkPlanStatus = defineCall({
  id: 'checkPlanStatus',
  module: mod,
  method: 'GET',
  path: '/apps/checkPlanStatus/:userId/:storefrontSlug/:appSlug',
  access: 'owner',
  style: 'envelope',
  summary:
    "The status of the visitor's latest plan (queued, running, completed or error) and, once completed, the plan with its " +
    "phases, totalPhaseCount (default 13), programLengthWeeks (default 6), targetDate, timeToTargetLabel (default 'Time to " +
    "Race Day') and timeToTargetDescription. userId is the caller's own id (user or anon_ id); no plan yet: 404.",
  params: z.object({
    userId: z.string().trim().min(1, 'User ID is required to check plan status').max(128),
    storefrontSlug: slugParam,
    appSlug: slugParam,
  }),
  response: planStatusResponse(),
});

function planStatusResponse() {
  return z.object({
    planId: z.string(),
    runId: z.string(),
    status: planStatusSchema,
    percent: z.number(),
    step: z.string().nullable(),
    plan: PersonalizedPlanSchema.nullable(),
    totalPhaseCount: z.number().int(),
    programLengthWeeks: z.number().int(),
    targetDate: z.string().nullable(),
    timeToTargetLabel: z.string(),
    timeToTargetDescription: z.string(),
    generatedBy: z.string().nullable(),
    error: z.string().nullable(),
  });
}

// ---------------------------------------------------------------- Testing variants (the app's creator)

export const saveOnboardingUserStateForTesting = defineCall({
  id: 'saveOnboardingUserStateForTesting',
  module: mod,
  method: 'POST',
  path: '/apps/saveOnboardingUserStateForTesting/:storefrontSlug/:appSlug',
  access: 'user',
  style: 'envelope',
  summary:
    "saveOnboardingUserState for the app's creator testing a step (testingStepId) on the draft flow, or the published one " +
    "with flow 'published' (400 before the app is published): kept apart from live visitors' state and never counted " +
    'with them. Owner or admin (others 404).',
  params: slugParams,
  body: z.object({
    userState: onboardingUserStateSchema,
    pagesInfo: onboardingPagesInfoSchema,
    testingStepId: testingStepIdField,
    flow: simulatedFlowField,
  }),
  response: onboardingStateSchema,
});

export const getOnboardingUserStateForTesting = defineCall({
  id: 'getOnboardingUserStateForTesting',
  module: mod,
  method: 'GET',
  path: '/apps/getOnboardingUserStateForTesting/:storefrontSlug/:appSlug',
  access: 'user',
  style: 'envelope',
  summary: "The creator's testing state of a step (testingStepId). Owner or admin.",
  params: slugParams,
  query: testingQuery,
  response: onboardingStateSchema,
});

export const createPersonalizedPlanForTesting = defineCall({
  id: 'createPersonalizedPlanForTesting',
  module: mod,
  method: 'POST',
  path: '/apps/createPersonalizedPlanForTesting/:storefrontSlug/:appSlug',
  access: 'user',
  style: 'envelope',
  summary:
    "createPersonalizedPlan for the creator's test of a step, from the draft flow and blueprint (flow 'published': the " +
    'published ones). Records the answers as a simulator item, and the plan as another once made. Owner or admin.',
  params: slugParams,
  body: z.object({
    userState: onboardingUserStateSchema,
    forceRegenerate: z.boolean().optional(),
    testingStepId: testingStepIdField,
    flow: simulatedFlowField,
  }),
  response: z.object({ planId: z.string(), runId: z.string(), status: planStatusSchema, reused: z.boolean() }),
  successStatus: 202,
});

export const checkPlanStatusForTesting = defineCall({
  id: 'checkPlanStatusForTesting',
  module: mod,
  method: 'GET',
  path: '/apps/checkPlanStatusForTesting/:userId/:storefrontSlug/:appSlug',
  access: 'user',
  style: 'envelope',
  summary: "checkPlanStatus of the creator's test of a step (userId: the creator's own id). Owner or admin.",
  params: z.object({
    userId: z.string().trim().min(1, 'User ID is required to check plan status').max(128),
    storefrontSlug: slugParam,
    appSlug: slugParam,
  }),
  query: testingQuery,
  response: planStatusResponse(),
});

const testingInfoSchema = onboardingStateSchema.extend({
  testingStepId: z.string(),
  plan: z.object({ planId: z.string(), runId: z.string(), status: planStatusSchema }).nullable(),
});

export const getTestingOnboardingInfo = defineCall({
  id: 'getTestingOnboardingInfo',
  module: mod,
  method: 'GET',
  path: '/app-builder/getTestingOnboardingInfo',
  access: 'user',
  style: 'envelope',
  summary: "The creator's test of a step of their app: its answers, place, completion and latest plan. Owner or admin.",
  query: z.object({ appId: appIdField, testingStepId: testingStepIdField }),
  response: testingInfoSchema,
});

export const saveTestingOnboardingInfo = defineCall({
  id: 'saveTestingOnboardingInfo',
  module: mod,
  method: 'POST',
  path: '/app-builder/saveTestingOnboardingInfo',
  access: 'user',
  style: 'envelope',
  summary: "Keep the creator's test of a step (answers and place) by app id. Owner or admin.",
  body: z.object({
    appId: appIdField,
    testingStepId: testingStepIdField,
    userState: onboardingUserStateSchema,
    pagesInfo: onboardingPagesInfoSchema,
    flow: simulatedFlowField,
  }),
  response: testingInfoSchema,
});

// ---------------------------------------------------------------- Test flows (App builder)

const testFlowStepSchema = z.object({
  pageId: z.string().trim().min(1).max(64),
  answers: onboardingUserStateSchema.shape.answers,
});
const testFlowSchema = z.object({
  testFlowId: z.string(),
  appId: z.string(),
  title: z.string(),
  steps: z.array(testFlowStepSchema),
  createdAt: z.string(),
  updatedAt: z.string(),
});
const testFlowTitle = z
  .string({ error: (i) => (i.input === undefined ? 'Give the test flow a title.' : undefined) })
  .trim()
  .min(1, 'Give the test flow a title.')
  .max(120, 'Keep the title under 120 characters.');
const testFlowParam = z.object({ id: z.uuid('must be a test flow id') });

export const createTestFlow = defineCall({
  id: 'createTestFlow',
  module: mod,
  method: 'POST',
  path: '/app-builder/createTestFlow',
  access: 'user',
  style: 'envelope',
  summary: 'A new, empty test flow of an app of yours (a named sequence of answers the simulator replays).',
  body: z.object({ appId: appIdField, title: testFlowTitle }),
  response: z.object({ testFlow: testFlowSchema }),
  successStatus: 201,
});

export const getTestFlows = defineCall({
  id: 'getTestFlows',
  module: mod,
  method: 'GET',
  path: '/app-builder/getTestFlows',
  access: 'user',
  style: 'envelope',
  summary: "An app's test flows, oldest first. Owner or admin.",
  query: z.object({ appId: appIdField }),
  response: z.object({ testFlows: z.array(testFlowSchema) }),
});

export const updateTestFlow = defineCall({
  id: 'updateTestFlow',
  module: mod,
  method: 'POST',
  path: '/app-builder/updateTestFlow/:id',
  access: 'user',
  style: 'envelope',
  summary: 'Rename a test flow and/or replace its steps (each a page id and the answers given on it). At least one.',
  params: testFlowParam,
  body: z
    .object({ title: testFlowTitle.optional(), steps: z.array(testFlowStepSchema).max(12).optional() })
    .refine((b) => b.title !== undefined || b.steps !== undefined, { message: 'Nothing to update: send title or steps.' }),
  response: z.object({ testFlow: testFlowSchema }),
});

export const deleteTestFlow = defineCall({
  id: 'deleteTestFlow',
  module: mod,
  method: 'DELETE',
  path: '/app-builder/deleteTestFlow/:id',
  access: 'user',
  style: 'envelope',
  summary: 'Delete a test flow of yours.',
  params: testFlowParam,
  response: z.object({ testFlowId: z.string(), deleted: z.boolean() }),
});

import { z } from 'zod';
import {
  AppBlueprintSchema,
  BrainstormIdeasSchema,
  EditorSuggestionsSchema,
  LandingPageSchema,
  OnboardingFlowSchema,
} from './creator-documents';

/**
 * Every queue and job of the platform, declared once. Names are stable strings stored in Redis:
 * never derive them from class names, and never rename one that has shipped.
 */
export const QUEUES = {
  appBuilds: 'app-builds',
  brainstorms: 'brainstorms',
  aiDescriptions: 'ai-descriptions',
  images: 'image-generation',
  plans: 'personalized-plans',
  email: 'outgoing-email',
  operations: 'operations',
  /** Short AI work a creator waits on (landing-page edits, blueprint help, editor suggestions): never stuck behind builds. */
  aiAssist: 'ai-assist',
} as const;
export type QueueName = (typeof QUEUES)[keyof typeof QUEUES];

/** Who a job works for: its progress is pushed to this owner's rooms only. */
export const jobOwnerSchema = z.object({
  /** A user id, or an anonymous visitor's anon_ id. */
  ownerId: z.string().min(1),
  /** Optional subject room, e.g. an app id, so every tab of that app follows the job. */
  subjectId: z.string().min(1).optional(),
});
export type JobOwner = z.infer<typeof jobOwnerSchema>;

export const jobProgressSchema = z.object({
  percent: z.number().min(0).max(100),
  step: z.string().min(1),
  message: z.string().default(''),
});
export type JobProgress = z.infer<typeof jobProgressSchema>;

interface JobDefinition<P extends z.ZodType, R extends z.ZodType> {
  queue: QueueName;
  payload: P;
  result: R;
  /** The named steps a user watches, in order. */
  steps: readonly string[];
  /** Attempts before the run is marked failed (first try included). */
  attempts: number;
  /** First retry delay; doubles each time. */
  backoffMs: number;
  /** Whether an owner may cancel a run of this job. */
  cancellable: boolean;
}

const defineJob = <P extends z.ZodType, R extends z.ZodType>(d: JobDefinition<P, R>) => d;

export const pipelineCheckPayloadSchema = z.object({
  /** How many named steps to walk through (1-10). */
  steps: z.number().int().min(1).max(10).default(3),
  /** Time spent in each step, to watch progress arrive (0-5000 ms). */
  stepDelayMs: z.number().int().min(0).max(5000).default(0),
  /** Fail on this step (1-based) to see the failure path; omitted means succeed. */
  failAtStep: z.number().int().min(1).max(10).optional(),
});
export type PipelineCheckPayload = z.infer<typeof pipelineCheckPayloadSchema>;

export const pipelineCheckResultSchema = z.object({
  stepsCompleted: z.number().int(),
  workerPid: z.number().int(),
  queuedForMs: z.number(),
});

// ---- Creator studio (issue 6): AI work for apps, run by workers/src/processors/creator-*.ts ----

const promptText = z.string().trim().min(1).max(4000);

export const buildAppPayloadSchema = z.object({
  appId: z.string().min(1),
  /** What the creator typed. */
  prompt: promptText,
  /** The stored app idea (spec: appBuilderContextState), when the creator started from one. */
  appIdea: z.string().trim().max(4000).optional(),
  /** The app's name when the creator already gave one; the blueprint's name is used otherwise. */
  appName: z.string().trim().min(1).max(60).optional(),
});
export type BuildAppPayload = z.infer<typeof buildAppPayloadSchema>;

export const appImageSchema = z.object({
  /** A URL the browser can load, e.g. /api/media/app-images/<appId>/<hash>.png. */
  url: z.string().min(1),
  width: z.number().int().positive(),
  height: z.number().int().positive(),
  /** 'procedural' (rendered with sharp) or the image API's model. */
  generatedBy: z.string().min(1),
});
export type AppImage = z.infer<typeof appImageSchema>;

export const buildAppResultSchema = z.object({
  blueprint: AppBlueprintSchema,
  onboardingFlow: OnboardingFlowSchema,
  landingPage: LandingPageSchema,
  appImage: appImageSchema,
  /** The AI provider that wrote the documents ('local-generator' or 'openai-compatible:<model>'). */
  generatedBy: z.string().min(1),
});
export type BuildAppResult = z.infer<typeof buildAppResultSchema>;

/** The named steps of a build, in order (also the progress `step` values). */
export const BUILD_APP_STEPS = ['blueprint', 'onboarding', 'landing-page', 'app-image'] as const;

export const brainstormPayloadSchema = z.object({
  brainstormId: z.string().min(1),
  prompt: promptText,
});
export type BrainstormPayload = z.infer<typeof brainstormPayloadSchema>;
export const brainstormResultSchema = BrainstormIdeasSchema.extend({ generatedBy: z.string().min(1) });
export type BrainstormResult = z.infer<typeof brainstormResultSchema>;

export const editLandingPagePayloadSchema = z.object({
  appId: z.string().min(1),
  /** e.g. "make the hero shorter and mention the free trial". */
  instruction: promptText,
  /** The current draft the instruction applies to. */
  landingPage: LandingPageSchema,
  /** The app idea or blueprint summary, so the edit keeps the app's subject. */
  appIdea: z.string().trim().max(4000).optional(),
});
export type EditLandingPagePayload = z.infer<typeof editLandingPagePayloadSchema>;
export const editLandingPageResultSchema = z.object({ landingPage: LandingPageSchema, generatedBy: z.string().min(1) });
export type EditLandingPageResult = z.infer<typeof editLandingPageResultSchema>;

export const blueprintHelpPayloadSchema = z.object({
  appId: z.string().min(1),
  /** The app idea / prompt the app was built from. */
  prompt: promptText,
  /** The current blueprint draft, when there is one: the help improves on it. */
  blueprint: AppBlueprintSchema.optional(),
});
export type BlueprintHelpPayload = z.infer<typeof blueprintHelpPayloadSchema>;
/** A suggested blueprint the creator can take whole or in parts. */
export const blueprintHelpResultSchema = z.object({ blueprint: AppBlueprintSchema, generatedBy: z.string().min(1) });
export type BlueprintHelpResult = z.infer<typeof blueprintHelpResultSchema>;

export const editorSuggestionsPayloadSchema = z.object({
  appId: z.string().min(1),
  /** The app idea or blueprint summary. */
  idea: z.string().trim().max(4000).optional(),
  appName: z.string().trim().max(60).optional(),
  /** The editor's context body (spec: POST getEditorPlusButtonSuggestions with a context body). */
  context: z.record(z.string(), z.unknown()).optional(),
});
export type EditorSuggestionsPayload = z.infer<typeof editorSuggestionsPayloadSchema>;
/** Never fails: on any provider error the default Suggested, Stories and Activities sections, with usedFallback. */
export const editorSuggestionsResultSchema = EditorSuggestionsSchema.extend({
  usedFallback: z.boolean(),
  generatedBy: z.string().min(1),
});
export type EditorSuggestionsResult = z.infer<typeof editorSuggestionsResultSchema>;

export const JOBS = {
  /** Operations: a synthetic run through the whole pipeline (enqueue, worker, events, push). */
  'operations.pipeline-check': defineJob({
    queue: QUEUES.operations,
    payload: pipelineCheckPayloadSchema,
    result: pipelineCheckResultSchema,
    steps: ['checking', 'reporting'],
    attempts: 1,
    backoffMs: 1000,
    cancellable: true,
  }),
  /** A complete draft app from a prompt: blueprint, onboarding flow, landing page, app image. */
  'creator-apps.build-app': defineJob({
    queue: QUEUES.appBuilds,
    payload: buildAppPayloadSchema,
    result: buildAppResultSchema,
    steps: BUILD_APP_STEPS,
    attempts: 3,
    backoffMs: 2000,
    cancellable: true,
  }),
  /** App ideas from a prompt (getBrainstormStatus / getBrainstormApps read the run). */
  'creator-apps.brainstorm': defineJob({
    queue: QUEUES.brainstorms,
    payload: brainstormPayloadSchema,
    result: brainstormResultSchema,
    steps: ['brainstorming'],
    attempts: 3,
    backoffMs: 2000,
    cancellable: true,
  }),
  /** An instruction applied to the current landing page; the result becomes a new version. */
  'creator-apps.edit-landing-page': defineJob({
    queue: QUEUES.aiAssist,
    payload: editLandingPagePayloadSchema,
    result: editLandingPageResultSchema,
    steps: ['editing'],
    attempts: 3,
    backoffMs: 1000,
    cancellable: true,
  }),
  /** Quick: the HTTP call (getBlueprintHelpForApp) awaits it with a deadline. */
  'creator-apps.blueprint-help': defineJob({
    queue: QUEUES.aiAssist,
    payload: blueprintHelpPayloadSchema,
    result: blueprintHelpResultSchema,
    steps: ['thinking'],
    attempts: 2,
    backoffMs: 500,
    cancellable: false,
  }),
  /** Quick: the HTTP call (getEditorPlusButtonSuggestions) awaits it; falls back to the default sections. */
  'creator-apps.editor-suggestions': defineJob({
    queue: QUEUES.aiAssist,
    payload: editorSuggestionsPayloadSchema,
    result: editorSuggestionsResultSchema,
    steps: ['suggesting'],
    attempts: 1,
    backoffMs: 500,
    cancellable: false,
  }),
} as const;

export type JobName = keyof typeof JOBS;
export type JobPayload<N extends JobName> = z.output<(typeof JOBS)[N]['payload']>;
export type JobResult<N extends JobName> = z.output<(typeof JOBS)[N]['result']>;
export const JOB_NAMES = Object.keys(JOBS) as JobName[];

/** What travels in Redis: the run id that ties the BullMQ job to its job_run, its owner, its payload. */
export interface JobEnvelope<N extends JobName = JobName> {
  runId: string;
  name: N;
  owner: JobOwner;
  payload: JobPayload<N>;
  requestedAt: string;
  correlationId: string;
}

export const jobRunStatusSchema = z.enum(['queued', 'running', 'completed', 'failed', 'canceled']);
export type JobRunStatus = z.infer<typeof jobRunStatusSchema>;

export const jobRunSchema = z.object({
  runId: z.string(),
  name: z.string(),
  queue: z.string(),
  ownerId: z.string(),
  subjectId: z.string().nullable(),
  status: jobRunStatusSchema,
  percent: z.number(),
  step: z.string().nullable(),
  message: z.string().nullable(),
  steps: z.array(z.object({ step: z.string(), startedAt: z.string() })),
  attempts: z.number().int(),
  result: z.unknown().nullable(),
  error: z.string().nullable(),
  requestedAt: z.string(),
  startedAt: z.string().nullable(),
  finishedAt: z.string().nullable(),
  durationMs: z.number().nullable(),
});
export type JobRunView = z.infer<typeof jobRunSchema>;

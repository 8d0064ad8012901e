import { z } from 'zod';
import {
  AppBlueprintSchema,
  BrainstormIdeasSchema,
  EditorSuggestionsSchema,
  LandingPageSchema,
  OnboardingFlowSchema,
  PersonalizedPlanSchema,
} from './creator-documents';
import {
  ANALYZE_UPLOADS_STEPS,
  analyzeUploadsPayloadSchema,
  analyzeUploadsResultSchema,
  IMAGE_FROM_INPUTS_STEPS,
  imageFromInputsPayloadSchema,
  imageFromInputsResultSchema,
  DESCRIBE_MEDIA_STEPS,
  describeMediaPayloadSchema,
  describeMediaResultSchema,
  DESCRIBE_LINK_STEPS,
  describeLinkPayloadSchema,
  describeLinkResultSchema,
  linkPreviewPayloadSchema,
  linkPreviewResultSchema,
} from './ai-assets';
import { READ_UPLOAD_STEPS, readUploadPayloadSchema, readUploadResultSchema } from './media-reading';

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
  /** Thumbnails, poster frames and decoder facts of uploaded files, read after the upload is answered. */
  media: 'media-processing',
  /** Members' reminders and weekly summaries: a round every minute (a BullMQ job scheduler) fanned out in batches. */
  reminders: 'member-reminders',
} as const;
export type QueueName = (typeof QUEUES)[keyof typeof QUEUES];

/**
 * The member-reminders queue's jobs (outside the run lifecycle of JOBS: a round a minute and its batches
 * would flood the job history). The round's scheduler fires every minute; a round finds the members due
 * and enqueues batches of them (job ids from the minute and the batch: a round run again adds none twice).
 */
export const REMINDER_JOBS = {
  scheduler: 'member-reminders-every-minute',
  round: 'reminders.round',
  batch: 'reminders.batch',
} as const;
export const reminderItemSchema = z.object({
  kind: z.enum(['daily', 'weekly']),
  appId: z.string(),
  memberId: z.string(),
  /** The member's local date of the reminder (daily) or of the week's Sunday (weekly). */
  period: z.string(),
});
export type ReminderItem = z.infer<typeof reminderItemSchema>;
export const reminderRoundPayloadSchema = z.object({ minute: z.string().optional() });
export const reminderBatchPayloadSchema = z.object({ minute: z.string(), items: z.array(reminderItemSchema).max(1000) });

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
  /** When it was reported (ISO); stored with the report. */
  at: z.string().optional(),
});
export type JobProgress = z.infer<typeof jobProgressSchema>;

/** A worker's start of a run's attempt, as it reports it (stored with the run's next facts). */
export const jobStartSchema = z.object({
  attempt: z.number().int(),
  workerId: z.string(),
  /** When the worker started it (ISO). */
  at: z.string(),
});
export type JobStart = z.infer<typeof jobStartSchema>;

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
  /**
   * The module that stores what a run produced: its `<job>.result.ts` (a `@StoresJobResult` handler)
   * writes the result before the run's end is pushed. Omitted when the result is only read from the run
   * (an HTTP call awaiting it, the run's own read model). Checked at start-up: one handler per such job.
   */
  resultStoredBy?: 'creator-apps';
  /**
   * Where the payload names the entities the job works for, when not under the default keys
   * (`userId`, `appId`, `planId`; see JOB_ENTITY_KINDS). The operations console links runs through them.
   */
  entities?: Partial<Record<JobEntityKind, string>>;
  /** The steps of one run when they depend on its payload (otherwise `steps`). */
  plannedSteps?: (payload: z.output<P>) => readonly string[];
}

/**
 * The entities a job can work for: the payload key that names one by default, and the event stream
 * its history lives in. A new job links to its user, app or plan by naming them under these keys
 * (or by declaring `entities` on its definition); the operations console needs no list of job names.
 */
export const JOB_ENTITY_KINDS = {
  user: { payloadKey: 'userId', stream: (id: string) => `user-${id}` },
  app: { payloadKey: 'appId', stream: (id: string) => `app-${id}` },
  plan: { payloadKey: 'planId', stream: (id: string) => `plan-${id}` },
} as const;
export type JobEntityKind = keyof typeof JOB_ENTITY_KINDS;
export const JOB_ENTITY_KIND_NAMES = Object.keys(JOB_ENTITY_KINDS) as JobEntityKind[];

const defineJob = <P extends z.ZodType, R extends z.ZodType>(d: JobDefinition<P, R>) => d;

export const pipelineCheckPayloadSchema = z.object({
  /** How many named steps to walk through (1-10). */
  steps: z.number().int().min(1).max(10).default(3),
  /** Time spent in each step, to watch progress arrive (0-5000 ms). */
  stepDelayMs: z.number().int().min(0).max(5000).default(0),
  /** Fail on this step (1-based) to see the failure path; omitted means succeed. */
  failAtStep: z.number().int().min(1).max(10).optional(),
  /**
   * A simulated outage: the check fails while less than this long has passed since it was requested
   * (0-120000 ms), so a retry after that completes. For rehearsing retries and alerts.
   */
  failForMs: z.number().int().min(0).max(120_000).optional(),
  /** The user the check is run for (its entity link in the console), e.g. to rehearse with a creator's account. */
  userId: z.string().min(1).max(200).optional(),
});
export type PipelineCheckPayload = z.infer<typeof pipelineCheckPayloadSchema>;

export const pipelineCheckResultSchema = z.object({
  stepsCompleted: z.number().int(),
  workerPid: z.number().int(),
  queuedForMs: z.number(),
});

/** The step names of a pipeline check of `count` steps. */
export const pipelineCheckSteps = (count: number) => Array.from({ length: count }, (_, i) => `step ${i + 1}`);

export const rebuildProjectionPayloadSchema = z.object({
  /** The projection's name, e.g. operations.job-runs. */
  projection: z.string().min(1).max(200),
});
export const rebuildProjectionResultSchema = z.object({
  projection: z.string(),
  eventsReplayed: z.number().int(),
  durationMs: z.number(),
});
export const REBUILD_STEPS = ['copying', 'replaying', 'switching'] as const;

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

/** A new image for an app, drawn (or asked of the images API) from its idea and the creator's words. */
export const generateAppImagePayloadSchema = z.object({
  appId: z.string().min(1),
  /** The app's name: its initials are drawn on the icon. */
  name: z.string().min(1).max(120),
  /** The app idea the image is about. */
  idea: z.string().trim().max(4000),
  /** What the creator asked for ("warmer colours, a loaf of bread"). */
  prompt: z.string().trim().max(1000).optional(),
  /** Where the image will be used ("app icon", "store listing"). */
  imageContext: z.string().trim().max(500).optional(),
});
export const generateAppImageResultSchema = z.object({
  appImage: appImageSchema,
  /** Set when the images API failed and the image was drawn instead. */
  fallbackReason: z.string().optional(),
});
export type GenerateAppImageResult = z.infer<typeof generateAppImageResultSchema>;

/** Where a landing-page image goes: the hero, or a section by its 1-based number ('section-2'). */
export const landingImageTypeSchema = z.union([
  z.literal('hero'),
  z.string().regex(/^section-([1-9]|1[0-2])$/, "must be 'hero' or 'section-<number>'"),
]);
export type LandingImageType = z.infer<typeof landingImageTypeSchema>;

export const landingPageImagePayloadSchema = z.object({
  appId: z.string().min(1),
  name: z.string().min(1).max(120),
  idea: z.string().trim().max(4000),
  imageType: landingImageTypeSchema,
  /** The hero's or the section's title: what the image is about. */
  subject: z.string().trim().max(200),
  instructions: z.string().trim().max(1000).optional(),
});
export const landingPageImageResultSchema = z.object({ imageType: landingImageTypeSchema, image: appImageSchema });
export type LandingPageImageResult = z.infer<typeof landingPageImageResultSchema>;

export const aiScreenshotsPayloadSchema = z.object({
  appId: z.string().min(1),
  name: z.string().min(1).max(120),
  idea: z.string().trim().max(4000),
  /** One screen per entry: what it shows (the landing page's section titles). */
  screens: z.array(z.string().trim().min(1).max(160)).min(1).max(6),
  additionalPrompt: z.string().trim().max(1000).optional(),
});
export const aiScreenshotsResultSchema = z.object({
  screenshots: z
    .array(appImageSchema.extend({ caption: z.string() }))
    .min(1)
    .max(6),
});
export type AiScreenshotsResult = z.infer<typeof aiScreenshotsResultSchema>;

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

// ---- An app's visitors (issue 10): personalized plans, run by workers/src/processors/app-visitors ----

export const personalizedPlanPayloadSchema = z.object({
  planId: z.string().min(1),
  appId: z.string().min(1),
  appName: z.string().min(1).max(60),
  /** The published blueprint, when the app has one: the plan keeps the app's subject and tone. */
  blueprint: AppBlueprintSchema.optional(),
  /** The visitor's answers, each with its question. */
  answers: z.array(z.object({ question: z.string().max(300), answer: z.string().max(2000) })).max(120),
  /** How many valid phases the plan must have (spec: totalPhaseCount, default 13). */
  expectedPhaseCount: z.number().int().min(1).max(40),
  programLengthWeeks: z.number().int().min(1).max(104),
  /** YYYY-MM-DD: the visitor's date answer, or the end of the program from the request's day. */
  targetDate: z.string(),
});
export type PersonalizedPlanPayload = z.infer<typeof personalizedPlanPayloadSchema>;

export const personalizedPlanResultSchema = z.object({
  plan: PersonalizedPlanSchema,
  totalPhaseCount: z.number().int(),
  programLengthWeeks: z.number().int(),
  targetDate: z.string(),
  timeToTargetLabel: z.string(),
  timeToTargetDescription: z.string(),
  /** Plans thrown away for having too few valid phases before this one. */
  regenerations: z.number().int().min(0),
  generatedBy: z.string().min(1),
});
export type PersonalizedPlanResult = z.infer<typeof personalizedPlanResultSchema>;

export const PERSONALIZED_PLAN_STEPS = ['reading-answers', 'drafting', 'checking'] as const;

export const JOBS = {
  /** Operations: a synthetic run through the whole pipeline (enqueue, worker, events, push). */
  'operations.pipeline-check': defineJob({
    queue: QUEUES.operations,
    payload: pipelineCheckPayloadSchema,
    result: pipelineCheckResultSchema,
    steps: ['step 1'],
    // one named step per step checked, so the steps shown are the steps counted
    plannedSteps: (p) => pipelineCheckSteps(p.steps),
    attempts: 1,
    backoffMs: 1000,
    cancellable: true,
  }),
  /** Operations: rebuild a projection's read model beside the live one, then switch (blue-green). */
  'operations.rebuild-projection': defineJob({
    queue: QUEUES.operations,
    payload: rebuildProjectionPayloadSchema,
    result: rebuildProjectionResultSchema,
    steps: REBUILD_STEPS,
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
    resultStoredBy: 'creator-apps',
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
    resultStoredBy: 'creator-apps',
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
    resultStoredBy: 'creator-apps',
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
  /** A visitor's plan from their onboarding answers and the app's blueprint (checkPlanStatus reads the run). */
  /** A new app image (generateAppImage awaits it briefly; the result becomes the app's image). */
  'creator-apps.generate-app-image': defineJob({
    queue: QUEUES.images,
    payload: generateAppImagePayloadSchema,
    result: generateAppImageResultSchema,
    steps: ['drawing'],
    attempts: 3,
    backoffMs: 2000,
    cancellable: true,
    resultStoredBy: 'creator-apps',
  }),
  /** A new hero or section image for the landing page (a new landing-page version). */
  'creator-apps.landing-page-image': defineJob({
    queue: QUEUES.images,
    payload: landingPageImagePayloadSchema,
    result: landingPageImageResultSchema,
    steps: ['drawing'],
    attempts: 3,
    backoffMs: 2000,
    cancellable: true,
    resultStoredBy: 'creator-apps',
  }),
  /** New store screenshots of the app (a new landing-page version). */
  'creator-apps.ai-screenshots': defineJob({
    queue: QUEUES.images,
    payload: aiScreenshotsPayloadSchema,
    result: aiScreenshotsResultSchema,
    steps: ['drawing'],
    attempts: 3,
    backoffMs: 2000,
    cancellable: true,
    resultStoredBy: 'creator-apps',
  }),
  /** A description of a PDF, video or audio file of the media library, from what the file holds. */
  'creator-apps.describe-media': defineJob({
    queue: QUEUES.aiDescriptions,
    payload: describeMediaPayloadSchema,
    result: describeMediaResultSchema,
    steps: DESCRIBE_MEDIA_STEPS,
    attempts: 3,
    backoffMs: 2000,
    cancellable: true,
  }),
  /** An answer to the creator's question about several files, from facts read from each (analyzeUploads awaits it). */
  'creator-apps.analyze-uploads': defineJob({
    queue: QUEUES.aiDescriptions,
    payload: analyzeUploadsPayloadSchema,
    result: analyzeUploadsResultSchema,
    steps: ANALYZE_UPLOADS_STEPS,
    attempts: 3,
    backoffMs: 2000,
    cancellable: true,
  }),
  /** A new picture made from files of the library; its result handler (creator-apps jobs/image-from-inputs.result.ts) adds it to the library (once per run). */
  'creator-apps.image-from-inputs': defineJob({
    queue: QUEUES.images,
    payload: imageFromInputsPayloadSchema,
    result: imageFromInputsResultSchema,
    steps: IMAGE_FROM_INPUTS_STEPS,
    attempts: 3,
    backoffMs: 2000,
    cancellable: true,
    resultStoredBy: 'creator-apps',
  }),
  /** Quick: the page's title, description, image and site name (link-preview awaits it). */
  'creator-apps.link-preview': defineJob({
    queue: QUEUES.aiDescriptions,
    payload: linkPreviewPayloadSchema,
    result: linkPreviewResultSchema,
    steps: ['fetching'],
    attempts: 1,
    backoffMs: 500,
    cancellable: false,
  }),
  /** A description of a web page from what it says (generate-link-description awaits it, or the socket follows it). */
  'creator-apps.describe-link': defineJob({
    queue: QUEUES.aiDescriptions,
    payload: describeLinkPayloadSchema,
    result: describeLinkResultSchema,
    steps: DESCRIBE_LINK_STEPS,
    attempts: 3,
    backoffMs: 2000,
    cancellable: true,
  }),
  /** An uploaded file's thumbnail or poster frame and decoder facts (media/uploads asks for it; the library takes the result). */
  'creator-apps.read-upload': defineJob({
    queue: QUEUES.media,
    payload: readUploadPayloadSchema,
    result: readUploadResultSchema,
    steps: READ_UPLOAD_STEPS,
    attempts: 3,
    backoffMs: 1000,
    cancellable: false,
    resultStoredBy: 'creator-apps',
  }),
  'app-visitors.personalized-plan': defineJob({
    queue: QUEUES.plans,
    payload: personalizedPlanPayloadSchema,
    result: personalizedPlanResultSchema,
    steps: PERSONALIZED_PLAN_STEPS,
    attempts: 3,
    backoffMs: 1500,
    cancellable: false,
    resultStoredBy: 'creator-apps',
  }),
} as const;

export type JobName = keyof typeof JOBS;

interface AnyJobDefinition {
  queue: QueueName;
  steps: readonly string[];
  entities?: Partial<Record<JobEntityKind, string>>;
  plannedSteps?: (payload: never) => readonly string[];
  resultStoredBy?: string;
}
const definitionOf = (name: string): AnyJobDefinition | undefined => (JOBS as Record<string, AnyJobDefinition>)[name];

/** The jobs whose results a module stores (their `<job>.result.ts`), by job name. */
export const jobsWithStoredResults = (): string[] => Object.keys(JOBS).filter((name) => definitionOf(name)?.resultStoredBy);

/** The steps a run of `name` with this (parsed) payload walks through. */
export function plannedStepsOf(name: string, payload: unknown): readonly string[] {
  const def = definitionOf(name);
  if (!def) return [];
  return def.plannedSteps ? def.plannedSteps(payload as never) : def.steps;
}

const pathValue = (value: unknown, path: string): unknown =>
  path
    .split('.')
    .reduce<unknown>((v, key) => (v && typeof v === 'object' ? (v as Record<string, unknown>)[key] : undefined), value);

/**
 * The user, app and plan a run works for, read from its payload by the keys its job declares (or
 * the default keys). The user falls back to the run's owner when that is a signed-in user.
 */
export function jobEntities(name: string, owner: JobOwner, payload: unknown): Partial<Record<JobEntityKind, string>> {
  const declared = definitionOf(name)?.entities ?? {};
  const found: Partial<Record<JobEntityKind, string>> = {};
  for (const kind of JOB_ENTITY_KIND_NAMES) {
    const value = pathValue(payload, declared[kind] ?? JOB_ENTITY_KINDS[kind].payloadKey);
    if (typeof value === 'string' && value.length > 0 && value.length <= 200) found[kind] = value;
  }
  if (!found.user && !owner.ownerId.startsWith('anon_')) found.user = owner.ownerId;
  return found;
}
export type JobPayload<N extends JobName> = z.output<(typeof JOBS)[N]['payload']>;
export type JobResult<N extends JobName> = z.output<(typeof JOBS)[N]['result']>;
export const JOB_NAMES = Object.keys(JOBS) as JobName[];
/** Whether `name` (e.g. read from an event) is a job of this platform. */
export const isJobName = (name: string): name is JobName => Object.prototype.hasOwnProperty.call(JOBS, name);

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
  /** The steps this run walks through, in order (from its job's declaration and payload). */
  plannedSteps: z.array(z.string()).optional(),
  attempts: z.number().int(),
  result: z.unknown().nullable(),
  error: z.string().nullable(),
  requestedAt: z.string(),
  startedAt: z.string().nullable(),
  finishedAt: z.string().nullable(),
  durationMs: z.number().nullable(),
});
export type JobRunView = z.infer<typeof jobRunSchema>;

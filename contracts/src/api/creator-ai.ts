// The creator studio's AI work on content (spec 7, "App builder: AI"): link previews and
// descriptions, run as jobs on the ai-descriptions queue. Only calls are exported as values here.
import { z } from 'zod';
import { defineCall } from '../http';
import {
  ANALYZABLE_MEDIA,
  analyzeUploadsResultSchema,
  ContentDescriptionSchema,
  linkPreviewSchema,
  UPLOADS_CONTEXT_MAX,
  UPLOADS_MAX,
  UPLOADS_PROMPT_MAX,
  webAddressField,
} from '../ai-assets';
import { appImageSchema, landingImageTypeSchema } from '../jobs';
import { LandingPageSchema } from '../creator-documents';
import { appIdField } from './creator-apps-schemas';
import { appMediaSchema, mediaUrlField as fileOrWebAddressField } from './app-media-schemas';

const mod = 'creator-apps';

export const linkPreview = defineCall({
  id: 'linkPreview',
  module: mod,
  method: 'POST',
  path: '/app-builder/link-preview',
  access: 'user',
  style: 'envelope',
  summary:
    "A web page's title, description, image and site name (Open Graph / HTML meta), fetched by a worker from public addresses only. 422 'Failed to fetch link preview' with the reason when it cannot be read.",
  body: z.object({ url: webAddressField }),
  response: linkPreviewSchema,
});

/** A finished description, or the run still working on it (follow it on the socket or at /api/jobs/{runId}). */
const describedAnswer = z.discriminatedUnion('status', [
  ContentDescriptionSchema.extend({
    status: z.literal('completed'),
    runId: z.string(),
    source: linkPreviewSchema,
    generatedBy: z.string(),
  }),
  z.object({ status: z.literal('running'), runId: z.string() }),
]);

export const generateLinkDescription = defineCall({
  id: 'generateLinkDescription',
  module: mod,
  method: 'POST',
  path: '/app-builder/generate-link-description',
  access: 'user',
  style: 'envelope',
  summary:
    "Describes a web page from what it says, as a background job: answers the description when the job finishes within a short deadline, else the run id to follow. 422 'Failed to generate link description' when it fails. Owner only.",
  body: z.object({ url: webAddressField, appId: appIdField }),
  response: describedAnswer,
});

const imageAnswer = z.discriminatedUnion('status', [
  z.object({
    status: z.literal('completed'),
    runId: z.string(),
    appImage: appImageSchema,
    /** Set when the images API failed and the image was drawn instead. */
    fallbackReason: z.string().optional(),
  }),
  z.object({ status: z.literal('running'), runId: z.string() }),
]);

export const generateAppImage = defineCall({
  id: 'generateAppImage',
  module: mod,
  method: 'POST',
  path: '/app-builder/generateAppImage',
  access: 'user',
  style: 'envelope',
  summary:
    "A new image for the app from its idea and the creator's words, as a job on the image-generation queue; it becomes the app's image. Answers the image when the job finishes within a short deadline, else the run id to follow. 422 'Failed to generate image' when it fails. Owner only.",
  body: z.object({
    appId: appIdField,
    prompt: z.string().trim().max(1000, 'Keep the description under 1000 characters.').optional(),
    imageContext: z.string().trim().max(500, 'Keep the context under 500 characters.').optional(),
  }),
  response: imageAnswer,
});

/** The landing page with its new pictures (a new version), or the run still drawing them. */
const landingImagesAnswer = z.discriminatedUnion('status', [
  z.object({ status: z.literal('completed'), runId: z.string(), landingPage: LandingPageSchema }),
  z.object({ status: z.literal('running'), runId: z.string() }),
]);

const instructionsField = z.string().trim().max(1000, 'Keep the instructions under 1000 characters.').optional();

export const regenerateLandingPageImage = defineCall({
  id: 'regenerateLandingPageImage',
  module: mod,
  method: 'POST',
  path: '/app-builder/regenerateLandingPageImage',
  access: 'user',
  style: 'envelope',
  summary:
    "A new picture for the landing page's hero or a section ('hero', 'section-2'), as a job on the image-generation queue; stored as a new landing-page version. 409 when the app has no landing page yet; 422 'Failed to generate image' when it fails. Owner only.",
  body: z.object({
    appId: appIdField,
    imageType: landingImageTypeSchema,
    specificInstructions: instructionsField,
  }),
  response: landingImagesAnswer,
});

export const regenerateAIScreenshots = defineCall({
  id: 'regenerateAIScreenshots',
  module: mod,
  method: 'POST',
  path: '/app-builder/regenerateAIScreenshots',
  access: 'user',
  style: 'envelope',
  summary:
    "New store screenshots of the app, one per landing-page section (at most six), as a job on the image-generation queue; stored as a new landing-page version. 409 when the app has no landing page yet; 422 'Failed to generate image' when it fails. Owner only.",
  body: z.object({ appId: appIdField, additionalPrompt: instructionsField }),
  response: landingImagesAnswer,
});

const mediaDescribedAnswer = z.discriminatedUnion('status', [
  ContentDescriptionSchema.extend({
    status: z.literal('completed'),
    runId: z.string(),
    facts: z.array(z.string()),
    generatedBy: z.string(),
  }),
  z.object({ status: z.literal('running'), runId: z.string() }),
]);

/** A media library URL of the app (as getAppMedia gives it). */
const mediaUrlField = (what: string) =>
  z
    .string({ error: (i) => (i.input === undefined ? `Give the ${what}'s address.` : `Give the ${what}'s address as text.`) })
    .trim()
    .min(1, `Give the ${what}'s address.`)
    .max(2048, 'Keep the address under 2048 characters.');

const describeMediaCall = <K extends string>(id: string, path: string, key: K, what: string) =>
  defineCall({
    id,
    module: mod,
    method: 'POST',
    path,
    access: 'user',
    style: 'envelope',
    summary: `Describes a ${what} of the app's media library from what the file holds, as a job on the ai-descriptions queue: answers the description when it finishes within a short deadline, else the run id to follow. 422 'Failed to generate ${what} description' when it fails. Owner only.`,
    body: z.object({ [key]: mediaUrlField(what), appId: appIdField } as { [P in K]: ReturnType<typeof mediaUrlField> } & {
      appId: typeof appIdField;
    }),
    response: mediaDescribedAnswer,
  });

export const generatePdfDescription = describeMediaCall(
  'generatePdfDescription',
  '/app-builder/generate-pdf-description',
  'pdfUrl',
  'PDF',
);
export const generateVideoDescription = describeMediaCall(
  'generateVideoDescription',
  '/app-builder/generate-video-description',
  'videoUrl',
  'video',
);
export const generateAudioDescription = describeMediaCall(
  'generateAudioDescription',
  '/app-builder/generate-audio-description',
  'audioUrl',
  'audio',
);

// ---- Several files at once: analyzeUploads and generateImageFromInputs (spec 7, "App builder: AI") ----

// eslint-disable-next-line no-control-regex -- control characters are what it finds
const CONTROL = /[\u0000-\u001f\u007f]/;

const uploadsFields = {
  appId: appIdField,
  mediaUrls: z
    .array(
      fileOrWebAddressField.refine((v) => !CONTROL.test(v), 'must not hold control characters'),
      {
        error: 'Give the files as a list of addresses.',
      },
    )
    .min(1, 'Choose at least one file.')
    .max(UPLOADS_MAX, `Choose at most ${UPLOADS_MAX} files.`),
  mediaTypes: z
    .array(z.enum(ANALYZABLE_MEDIA, { error: `must be one of ${ANALYZABLE_MEDIA.join(', ')}` }), {
      error: 'Give the kind of each file as a list.',
    })
    .min(1, 'Give the kind of each file.')
    .max(UPLOADS_MAX, `Choose at most ${UPLOADS_MAX} files.`),
  /** The caller's own id, when given (another user's is refused with 403). */
  userId: z.string().trim().min(1).max(128).optional(),
  inputContext: z
    .string()
    .trim()
    .max(UPLOADS_CONTEXT_MAX, `Keep the context under ${UPLOADS_CONTEXT_MAX} characters.`)
    .optional(),
  cardContext: z.string().trim().max(UPLOADS_CONTEXT_MAX, `Keep the context under ${UPLOADS_CONTEXT_MAX} characters.`).optional(),
};

const promptField = (what: string) =>
  z
    .string({ error: (i) => (i.input === undefined ? `Say ${what}.` : `Say ${what} as text.`) })
    .trim()
    .min(1, `Say ${what}.`)
    .max(UPLOADS_PROMPT_MAX, `Keep it under ${UPLOADS_PROMPT_MAX} characters.`);

/** One kind per address. */
function sameLengths(body: { mediaUrls: string[]; mediaTypes: string[] }, ctx: z.RefinementCtx) {
  if (body.mediaUrls.length !== body.mediaTypes.length)
    ctx.addIssue({
      code: 'custom',
      path: ['mediaTypes'],
      message: `Give one kind per file: ${body.mediaUrls.length} addresses but ${body.mediaTypes.length} kinds.`,
    });
}

export const analyzeUploads = defineCall({
  id: 'analyzeUploads',
  module: mod,
  method: 'POST',
  path: '/app-builder/analyzeUploads',
  access: 'user',
  style: 'envelope',
  summary:
    "Answers the creator's analysisPrompt about up to ten files (this app's library files or public http(s) addresses) from facts read from each: an image's format, size and colours, a PDF's pages and text, a video's or recording's duration. A job on the ai-descriptions queue: answers the analysis when it finishes within a short deadline, else the run id to follow. 422 'Failed to analyze uploads' when it fails. Owner only.",
  body: z.object({ ...uploadsFields, analysisPrompt: promptField('what to find out') }).superRefine(sameLengths),
  response: z.discriminatedUnion('status', [
    analyzeUploadsResultSchema.extend({ status: z.literal('completed'), runId: z.string() }),
    z.object({ status: z.literal('running'), runId: z.string() }),
  ]),
});

export const generateImageFromInputs = defineCall({
  id: 'generateImageFromInputs',
  module: mod,
  method: 'POST',
  path: '/app-builder/generateImageFromInputs',
  access: 'user',
  style: 'envelope',
  summary:
    "A new picture made from up to ten files (this app's library files or public http(s) addresses) and the generationPrompt, as a job on the image-generation queue; it is added to the app's media library. Answers the new library item when the job finishes within a short deadline, else the run id to follow. 422 'Failed to generate image' when it fails. Owner only.",
  body: z.object({ ...uploadsFields, generationPrompt: promptField('what to make') }).superRefine(sameLengths),
  response: z.discriminatedUnion('status', [
    z.object({
      status: z.literal('completed'),
      runId: z.string(),
      media: appMediaSchema,
      /** Set when the images API failed and the picture was composed instead. */
      fallbackReason: z.string().optional(),
    }),
    z.object({ status: z.literal('running'), runId: z.string() }),
  ]),
});

import { z } from 'zod';

// The creator studio's AI work on content (issue 11): link previews and descriptions grounded in
// what a link, PDF, video or audio actually holds. Run as jobs on the ai-descriptions queue.

/** Longest URL the studio fetches. */
export const LINK_URL_MAX = 2048;

/** An absolute http(s) address: other schemes are refused before anything is fetched. */
export const webAddressField = z
  .string({ error: (i) => (i.input === undefined ? 'Give the address of a web page.' : 'Give the address as text.') })
  .trim()
  .min(1, 'Give the address of a web page.')
  .max(LINK_URL_MAX, `Keep the address under ${LINK_URL_MAX} characters.`)
  .refine((value) => {
    try {
      const url = new URL(value);
      return (url.protocol === 'http:' || url.protocol === 'https:') && url.hostname !== '';
    } catch {
      return false;
    }
  }, 'Give a web address starting with http:// or https://.');

/** What a page says about itself (Open Graph, then HTML meta). */
export const linkPreviewSchema = z.object({
  /** Where the page was found, after redirects. */
  url: z.string(),
  title: z.string().nullable(),
  description: z.string().nullable(),
  image: z.string().nullable(),
  siteName: z.string().nullable(),
});
export type LinkPreview = z.infer<typeof linkPreviewSchema>;

/** A description of a piece of content, as a creator would put it on a card. */
export const ContentDescriptionSchema = z.object({
  description: z.string().trim().min(1).max(1200),
  /** A few short points the content covers, in its order. */
  highlights: z.array(z.string().trim().min(1).max(160)).max(6),
});
export type ContentDescription = z.infer<typeof ContentDescriptionSchema>;

export const linkPreviewPayloadSchema = z.object({ url: webAddressField, userId: z.string().min(1) });
export const linkPreviewResultSchema = linkPreviewSchema;

export const describeLinkPayloadSchema = z.object({ url: webAddressField, appId: z.string().min(1) });
export const describeLinkResultSchema = ContentDescriptionSchema.extend({
  source: linkPreviewSchema,
  /** Which AI wrote it ('local-generator' for the built-in one). */
  generatedBy: z.string().min(1),
});
export type DescribeLinkResult = z.infer<typeof describeLinkResultSchema>;

export const DESCRIBE_LINK_STEPS = ['fetching', 'reading', 'describing'] as const;

/** The kinds of media file a description can be written for. */
export const DESCRIBABLE_MEDIA = ['pdf', 'video', 'audio'] as const;
export type DescribableMedia = (typeof DESCRIBABLE_MEDIA)[number];

export const describeMediaPayloadSchema = z.object({
  appId: z.string().min(1),
  kind: z.enum(DESCRIBABLE_MEDIA),
  /** The stored file's key in the media library (apps/<appId>/...). */
  key: z.string().min(1).max(300),
});
export const describeMediaResultSchema = ContentDescriptionSchema.extend({
  /** Facts read from the file ("12 pages", "3 min 20 s"). */
  facts: z.array(z.string()),
  generatedBy: z.string().min(1),
});
export type DescribeMediaResult = z.infer<typeof describeMediaResultSchema>;
export const DESCRIBE_MEDIA_STEPS = ['reading', 'describing'] as const;

// ---- Working from several files of the media library (spec 7: analyzeUploads, generateImageFromInputs) ----

/** How many files one analysis or generated image may start from. */
export const UPLOADS_MAX = 10;
export const UPLOADS_PROMPT_MAX = 2000;
export const UPLOADS_CONTEXT_MAX = 2000;

/** The kinds of file an analysis reads. */
export const ANALYZABLE_MEDIA = ['image', 'video', 'audio', 'pdf'] as const;
export type AnalyzableMedia = (typeof ANALYZABLE_MEDIA)[number];

/** One file handed to a job: its address as given, and its key when it is a file of the app's own library. */
export const uploadInputSchema = z.object({
  url: z.string().min(1).max(LINK_URL_MAX),
  type: z.enum(ANALYZABLE_MEDIA),
  /** The library file (apps/<appId>/...); null for a web address, which the worker fetches from public addresses only. */
  key: z.string().min(1).max(300).nullable(),
});
export type UploadInput = z.infer<typeof uploadInputSchema>;

const uploadsPayload = z.object({
  appId: z.string().min(1),
  userId: z.string().min(1),
  items: z.array(uploadInputSchema).min(1).max(UPLOADS_MAX),
  prompt: z.string().trim().min(1).max(UPLOADS_PROMPT_MAX),
  inputContext: z.string().trim().max(UPLOADS_CONTEXT_MAX).optional(),
  cardContext: z.string().trim().max(UPLOADS_CONTEXT_MAX).optional(),
});

/** What an AI writes when asked about several files: an answer to the creator's question, and a few points. */
export const UploadsAnalysisSchema = z.object({
  analysis: z.string().trim().min(1).max(2400),
  highlights: z.array(z.string().trim().min(1).max(200)).max(6),
});
export type UploadsAnalysis = z.infer<typeof UploadsAnalysisSchema>;

export const analyzeUploadsPayloadSchema = uploadsPayload;
export const analyzedUploadSchema = z.object({
  url: z.string(),
  type: z.enum(ANALYZABLE_MEDIA),
  /** Facts read from the file ("PNG", "1200×800", "mostly deep blue", "12 pages", "3 min 20 s"). */
  facts: z.array(z.string()),
});
export const analyzeUploadsResultSchema = UploadsAnalysisSchema.extend({
  items: z.array(analyzedUploadSchema).min(1).max(UPLOADS_MAX),
  generatedBy: z.string().min(1),
});
export type AnalyzeUploadsResult = z.infer<typeof analyzeUploadsResultSchema>;
export const ANALYZE_UPLOADS_STEPS = ['reading', 'analyzing'] as const;

export const imageFromInputsPayloadSchema = uploadsPayload;
export const imageFromInputsResultSchema = z.object({
  /** The new file in the app's library storage (apps/<appId>/<fileId>/original.png) and its thumbnail. */
  key: z.string().min(1).max(300),
  thumbnailKey: z.string().min(1).max(300).nullable(),
  fileName: z.string().min(1).max(200),
  width: z.number().int().positive(),
  height: z.number().int().positive(),
  /** 'procedural' (composed with sharp) or the image API's model. */
  generatedBy: z.string().min(1),
  /** How many of the inputs were images drawn into the picture, and how many inputs there were. */
  imagesUsed: z.number().int().min(0),
  inputs: z.number().int().min(1),
  /** Set when the images API failed and the image was composed instead. */
  fallbackReason: z.string().optional(),
});
export type ImageFromInputsResult = z.infer<typeof imageFromInputsResultSchema>;
export const IMAGE_FROM_INPUTS_STEPS = ['reading', 'drawing', 'saving'] as const;

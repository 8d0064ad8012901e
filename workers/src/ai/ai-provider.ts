import type { z } from 'zod';
import {
  AppBlueprintSchema,
  BrainstormIdeasSchema,
  ContentDescriptionSchema,
  EditorSuggestionsSchema,
  UploadsAnalysisSchema,
  LandingPageSchema,
  OnboardingFlowSchema,
  PersonalizedPlanSchema,
} from '@sparkhouse/contracts';

export const AI_TASK_KINDS = [
  'blueprint',
  'onboarding',
  'landing-page',
  'brainstorm',
  'editor-suggestions',
  'landing-page-edit',
  'blueprint-help',
  'personalized-plan',
  /** A description of a link, PDF, video or audio from what was read from it (context: ContentMaterial). */
  'content-description',
  /** An answer to a creator's question about several files, from what was read from each (context.files: FileMaterial[]). */
  'uploads-analysis',
] as const;
export type AiTaskKind = (typeof AI_TASK_KINDS)[number];

export interface AiTask {
  kind: AiTaskKind;
  /** The creator's words (app idea, edit request, question). */
  prompt: string;
  /** Extra material, e.g. the current blueprint or landing page for an edit. */
  context?: Record<string, unknown>;
  /** Pictures to look at (a video's frames), as data: URLs. A provider that cannot see ignores them. */
  images?: string[];
}

/** The material of a 'content-description' task (its context): what was read from the link or file. */
export interface ContentMaterial {
  kind: 'link' | 'pdf' | 'video' | 'audio';
  title: string | null;
  /** The content's own summary (a page's meta description, a PDF's subject). */
  summary: string | null;
  siteName?: string | null;
  headings: string[];
  /** Its words: a page's visible text, a PDF's extracted text, a transcript. */
  text: string;
  /** Facts read from the file: duration, pages, dimensions ("12 pages", "3 min 20 s"). */
  facts?: string[];
}

/** One file of an 'uploads-analysis' task (its context.files): what was read from it. */
export interface FileMaterial {
  type: 'image' | 'video' | 'audio' | 'pdf';
  /** Its own title, when it has one (a PDF's, a recording's tag). */
  title: string | null;
  /** Facts read from the file ("PNG", "1200×800", "mostly deep blue", "12 pages"). */
  facts: string[];
  /** Its words, when it has any (a PDF's text). */
  text: string;
}

/** The schema each kind is expected to answer with; callers may pass a narrower one. */
export const SCHEMA_FOR_KIND = {
  blueprint: AppBlueprintSchema,
  onboarding: OnboardingFlowSchema,
  'landing-page': LandingPageSchema,
  brainstorm: BrainstormIdeasSchema,
  'editor-suggestions': EditorSuggestionsSchema,
  'landing-page-edit': LandingPageSchema,
  'blueprint-help': AppBlueprintSchema,
  'personalized-plan': PersonalizedPlanSchema,
  'content-description': ContentDescriptionSchema,
  'uploads-analysis': UploadsAnalysisSchema,
} satisfies Record<AiTaskKind, z.ZodType>;

export interface AiProvider {
  /** Shown to creators so a local answer is never mistaken for a model's. */
  readonly name: string;
  readonly isLocal: boolean;
  generate<T>(task: AiTask, schema: z.ZodType<T>): Promise<T>;
  /** The words spoken in an audio file (absent: the provider cannot transcribe). */
  transcribe?(file: string, signal?: AbortSignal): Promise<string>;
}

export type AiProviderErrorReason =
  | 'invalid-output' // the answer never matched the schema
  | 'rate-limited' // 429s outlasted our retries
  | 'http' // any other HTTP error status
  | 'network' // no HTTP answer at all (connection refused, timeout)
  | 'empty-answer' // the model refused or answered nothing
  | 'unsupported'; // the provider cannot serve this kind/schema

export class AiProviderError extends Error {
  override readonly name = 'AiProviderError';
  constructor(
    readonly reason: AiProviderErrorReason,
    message: string,
    readonly details: { provider?: string; kind?: AiTaskKind; status?: number; attempts?: number; cause?: unknown } = {},
  ) {
    super(message);
  }
}

/** Human label for a kind, used in error messages ("landing page schema"). */
export const kindLabel = (kind: AiTaskKind): string => kind.replace(/-/g, ' ');

/** "features: Invalid input; hero.title: Too small" — short enough for a log line or an error message. */
export function describeIssues(error: z.ZodError, max = 5): string {
  const parts = error.issues.slice(0, max).map((issue) => {
    const path = issue.path.map(String).join('.');
    return path ? `${path}: ${issue.message}` : issue.message;
  });
  const more = error.issues.length > max ? ` (+${error.issues.length - max} more)` : '';
  return parts.join('; ') + more;
}

import type {
  AnalyzableMedia,
  AnalyzeUploadsResult,
  AppImage,
  CallResponse,
  DescribeLinkResult,
  JobRunView,
} from '@sparkhouse/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { appMedia, creatorAi } from '../../../api/routes';
import { callCreator } from '../creator-api';
import { creatorKeys } from '../creator.queries';

export type LinkPreviewAnswer = CallResponse<typeof creatorAi.linkPreview>;
export type LinkDescriptionAnswer = CallResponse<typeof creatorAi.generateLinkDescription>;

/** A page's title, description, image and site name; a failure says 'Failed to fetch link preview' and why. */
export function useLinkPreview() {
  return useMutation({
    mutationFn: (url: string) => callCreator(creatorAi.linkPreview, { body: { url } }),
  });
}

/** Describes a page for an app: the description, or the run to follow when it takes longer. */
export function useDescribeLink(appId: string) {
  return useMutation({
    mutationFn: (url: string) => callCreator(creatorAi.generateLinkDescription, { body: { url, appId } }),
  });
}

/** A finished describe-link run's description, when the run carries one. */
export function describedBy(run: JobRunView | undefined): DescribeLinkResult | null {
  if (run?.status !== 'completed' || !run.result || typeof run.result !== 'object') return null;
  const result = run.result as Partial<DescribeLinkResult>;
  return typeof result.description === 'string' && Array.isArray(result.highlights) ? (result as DescribeLinkResult) : null;
}

export type AppImageAnswer = CallResponse<typeof creatorAi.generateAppImage>;

/** A new app image; when it is ready the builder's app lists are re-read so the new image shows everywhere. */
export function useGenerateAppImage(appId: string) {
  const refreshApps = useRefreshApps();
  return useMutation({
    mutationFn: (input: { prompt?: string; imageContext?: string }) =>
      callCreator(creatorAi.generateAppImage, { body: { appId, ...input } }),
    onSuccess: (answer) => (answer.status === 'completed' ? refreshApps() : undefined),
  });
}

/** Re-reads the creator's apps (their images among them). */
export function useRefreshApps() {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey: creatorKeys.apps() });
}

/** A finished generate-app-image run's image, when the run carries one. */
export function imageOf(run: JobRunView | undefined): AppImage | null {
  if (run?.status !== 'completed' || !run.result || typeof run.result !== 'object') return null;
  const image = (run.result as { appImage?: Partial<AppImage> }).appImage;
  return typeof image?.url === 'string' ? (image as AppImage) : null;
}

export type PictureRequest =
  { kind: 'image'; imageType: string; specificInstructions?: string } | { kind: 'screenshots'; additionalPrompt?: string };

/** New landing-page pictures; when saved at once, the landing page and its versions are read again. */
export function useLandingPictures(appId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (request: PictureRequest) =>
      request.kind === 'screenshots'
        ? callCreator(creatorAi.regenerateAIScreenshots, {
            body: { appId, ...(request.additionalPrompt ? { additionalPrompt: request.additionalPrompt } : {}) },
          })
        : callCreator(creatorAi.regenerateLandingPageImage, {
            body: {
              appId,
              imageType: request.imageType,
              ...(request.specificInstructions ? { specificInstructions: request.specificInstructions } : {}),
            },
          }),
    onSuccess: (answer) =>
      answer.status === 'completed'
        ? queryClient.invalidateQueries({ queryKey: creatorKeys.landingPageVersions(appId) })
        : undefined,
  });
}

type DescribableItem = { appId: string; url: string; type: 'pdf' | 'video' | 'audio'; metadata: Record<string, unknown> };

/**
 * Describes a PDF, video or audio file of the media library; a finished description is kept in the
 * item's metadata (description, highlights) so the library shows it from then on.
 */
export function useDescribeMedia(item: DescribableItem) {
  const keep = useKeepDescription(item);
  return useMutation({
    mutationFn: async () => {
      const body = { appId: item.appId };
      const answer =
        item.type === 'pdf'
          ? await callCreator(creatorAi.generatePdfDescription, { body: { ...body, pdfUrl: item.url } })
          : item.type === 'video'
            ? await callCreator(creatorAi.generateVideoDescription, { body: { ...body, videoUrl: item.url } })
            : await callCreator(creatorAi.generateAudioDescription, { body: { ...body, audioUrl: item.url } });
      if (answer.status === 'completed') await keep(answer);
      return answer;
    },
  });
}

/** Saves a description into the media item's metadata and re-reads the library. */
export function useKeepDescription(item: DescribableItem) {
  const queryClient = useQueryClient();
  return async ({ description, highlights }: { description: string; highlights: string[] }) => {
    await callCreator(appMedia.updateAppMedia, {
      body: { appId: item.appId, url: item.url, metadata: { ...item.metadata, description, highlights } },
    });
    await queryClient.invalidateQueries({ queryKey: [...creatorKeys.app(item.appId), 'media'] });
  };
}

/** A finished describe-media run's description, when the run carries one. */
export function mediaDescriptionOf(run: JobRunView | undefined): { description: string; highlights: string[] } | null {
  if (run?.status !== 'completed' || !run.result || typeof run.result !== 'object') return null;
  const r = run.result as { description?: unknown; highlights?: unknown };
  return typeof r.description === 'string' && Array.isArray(r.highlights)
    ? { description: r.description, highlights: r.highlights as string[] }
    : null;
}

// ---- Several files of the library at once: analyzeUploads and generateImageFromInputs ----

export type UploadsAnalysisAnswer = CallResponse<typeof creatorAi.analyzeUploads>;
export type ImageFromInputsAnswer = CallResponse<typeof creatorAi.generateImageFromInputs>;

/** The files as the calls take them: their addresses and kinds, in the order chosen. */
export function uploadsOf(items: readonly { url: string; type: AnalyzableMedia }[]) {
  return { mediaUrls: items.map((i) => i.url), mediaTypes: items.map((i) => i.type) };
}

/** Answers a question about the chosen files: the analysis, or the run to follow when it takes longer. */
export function useAnalyzeUploads(appId: string) {
  return useMutation({
    mutationFn: ({ items, prompt }: { items: readonly { url: string; type: AnalyzableMedia }[]; prompt: string }) =>
      callCreator(creatorAi.analyzeUploads, { body: { appId, ...uploadsOf(items), analysisPrompt: prompt } }),
  });
}

/** Makes a picture from the chosen files; once it is in the library, the library is read again. */
export function useImageFromInputs(appId: string) {
  const refreshMedia = useRefreshMedia(appId);
  return useMutation({
    mutationFn: ({ items, prompt }: { items: readonly { url: string; type: AnalyzableMedia }[]; prompt: string }) =>
      callCreator(creatorAi.generateImageFromInputs, { body: { appId, ...uploadsOf(items), generationPrompt: prompt } }),
    onSuccess: (answer) => (answer.status === 'completed' ? refreshMedia() : undefined),
  });
}

/** Re-reads the app's media library. */
export function useRefreshMedia(appId: string) {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey: [...creatorKeys.app(appId), 'media'] });
}

/** A finished analyze-uploads run's analysis, when the run carries one. */
export function analysisOf(run: JobRunView | undefined): AnalyzeUploadsResult | null {
  if (run?.status !== 'completed' || !run.result || typeof run.result !== 'object') return null;
  const r = run.result as Partial<AnalyzeUploadsResult>;
  return typeof r.analysis === 'string' && Array.isArray(r.highlights) && Array.isArray(r.items)
    ? (r as AnalyzeUploadsResult)
    : null;
}

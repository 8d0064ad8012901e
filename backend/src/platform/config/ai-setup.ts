import type { AiInfo } from '@sparkhouse/contracts';
import type { AppConfig } from './config';

type AiSettings = Pick<
  AppConfig,
  'NODE_ENV' | 'AI_BASE_URL' | 'AI_API_KEY' | 'AI_MODEL' | 'IMAGE_API_BASE_URL' | 'IMAGE_API_KEY' | 'IMAGE_API_MODEL'
>;

/**
 * Which AI the creator studio uses, decided from the configuration alone — by the worker when it picks its
 * providers, and by the API so the studio can say so (the local generator is labelled as such in the UI).
 * With no model configured: the devkit's local generator outside production, nothing in production
 * (AI jobs then fail, saying what to set). Never carries a key or an address.
 */
export function aiSetup(config: AiSettings): AiInfo {
  const noModel = !config.AI_BASE_URL && !config.AI_API_KEY;
  const imagesFromApi = Boolean(config.IMAGE_API_BASE_URL || config.IMAGE_API_KEY);
  return {
    text: !noModel
      ? { source: 'openai-compatible', label: `AI model ${config.AI_MODEL}` }
      : config.NODE_ENV === 'production'
        ? { source: 'none', label: 'No AI model configured' }
        : { source: 'local', label: 'Local generator (deterministic, no AI model)' },
    images: imagesFromApi
      ? { source: 'images-api', label: `Images API (${config.IMAGE_API_MODEL})` }
      : { source: 'drawn', label: 'Drawn on this server' },
  };
}

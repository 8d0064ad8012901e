import type { AiInfo } from '@sparkhouse/contracts';
import type { AppConfig } from './config';

type AiSettings = Pick<
  AppConfig,
  'AI_BASE_URL' | 'AI_API_KEY' | 'AI_MODEL' | 'IMAGE_API_BASE_URL' | 'IMAGE_API_KEY' | 'IMAGE_API_MODEL'
>;

/**
 * Which AI the creator studio uses, decided from the configuration alone — by the worker when it picks its
 * providers, and by the API so the studio can say so (the local generator is labelled as such in the UI).
 * Never carries a key or an address.
 */
export function aiSetup(config: AiSettings): AiInfo {
  const textIsLocal = !config.AI_BASE_URL && !config.AI_API_KEY;
  const imagesFromApi = Boolean(config.IMAGE_API_BASE_URL || config.IMAGE_API_KEY);
  return {
    text: textIsLocal
      ? { source: 'local', label: 'Local generator (deterministic, no AI model)' }
      : { source: 'openai-compatible', label: `AI model ${config.AI_MODEL}` },
    images: imagesFromApi
      ? { source: 'images-api', label: `Images API (${config.IMAGE_API_MODEL})` }
      : { source: 'drawn', label: 'Drawn on this server' },
  };
}

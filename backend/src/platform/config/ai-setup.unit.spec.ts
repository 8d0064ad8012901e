import { aiSetup } from './ai-setup';
import { loadConfig } from './config';

describe('aiSetup', () => {
  it('is the local generator and drawn images when nothing is configured', () => {
    expect(aiSetup(loadConfig({}))).toEqual({
      text: { source: 'local', label: 'Local generator (deterministic, no AI model)' },
      images: { source: 'drawn', label: 'Drawn on this server' },
    });
  });

  it('has no text AI in production when no model is configured: the local generator is a development stand-in', () => {
    expect(aiSetup(loadConfig({ NODE_ENV: 'production' })).text).toEqual({ source: 'none', label: 'No AI model configured' });
    expect(aiSetup(loadConfig({ NODE_ENV: 'production', AI_API_KEY: 'sk-x', AI_MODEL: 'gpt-4o' })).text).toEqual({
      source: 'openai-compatible',
      label: 'AI model gpt-4o',
    });
  });

  it('names the configured model and images API, never the key or the address', () => {
    const info = aiSetup(
      loadConfig({
        AI_BASE_URL: 'https://ai.internal.example/v1',
        AI_API_KEY: 'sk-very-secret',
        AI_MODEL: 'llama3',
        IMAGE_API_KEY: 'img-secret',
      }),
    );
    expect(info.text).toEqual({ source: 'openai-compatible', label: 'AI model llama3' });
    expect(info.images.source).toBe('images-api');
    expect(JSON.stringify(info)).not.toMatch(/secret|internal\.example/);
  });

  it('counts a base URL alone (a local server needing no key) as a configured model', () => {
    expect(aiSetup(loadConfig({ AI_BASE_URL: 'http://127.0.0.1:11434/v1' })).text.source).toBe('openai-compatible');
  });
});

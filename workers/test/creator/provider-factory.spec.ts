import { loadConfig } from '@sparkhouse/backend';
import { AppBlueprintSchema } from '@sparkhouse/contracts';
import { LocalProvider } from '../../src/ai/local-provider';
import { OpenAiProvider } from '../../src/ai/openai-provider';
import { createAiProvider, PacedProvider } from '../../src/ai/provider-factory';

describe('createAiProvider', () => {
  it('is the local generator by default', () => {
    expect(createAiProvider(loadConfig({}))).toBeInstanceOf(LocalProvider);
  });

  it('is OpenAI-compatible when a base URL or a key is set, named after the model', () => {
    const byUrl = createAiProvider(loadConfig({ AI_BASE_URL: 'http://127.0.0.1:9/v1', AI_MODEL: 'llama3' }));
    expect(byUrl).toBeInstanceOf(OpenAiProvider);
    expect(byUrl.name).toBe('openai-compatible:llama3');
    expect(createAiProvider(loadConfig({ AI_API_KEY: 'sk-test' }))).toBeInstanceOf(OpenAiProvider);
  });

  it('refuses a base URL that is not a URL', () => {
    expect(() => loadConfig({ AI_BASE_URL: 'not a url' })).toThrow(/AI_BASE_URL/);
  });

  it('paces the local generator when AI_LOCAL_DELAY_MS is set, with the same answers', async () => {
    const paced = createAiProvider(loadConfig({ AI_LOCAL_DELAY_MS: '120' }));
    expect(paced).toBeInstanceOf(PacedProvider);
    expect(paced.name).toBe('local-generator');
    const task = { kind: 'blueprint' as const, prompt: 'a habit tracker for runners' };
    const t0 = Date.now();
    const answer = await paced.generate(task, AppBlueprintSchema);
    expect(Date.now() - t0).toBeGreaterThanOrEqual(110);
    expect(answer).toEqual(await new LocalProvider().generate(task, AppBlueprintSchema));
  });
});

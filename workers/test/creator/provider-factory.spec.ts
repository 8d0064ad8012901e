import { loadConfig } from '@sparkhouse/backend';
import { AppBlueprintSchema } from '@sparkhouse/contracts';
import { AiProviderError } from '../../src/ai/ai-provider';
import { OpenAiProvider } from '../../src/ai/openai-provider';
import { AI_NOT_CONFIGURED, createAiProvider, UnconfiguredAiProvider } from '../../src/ai/provider-factory';
import { LocalProvider, localAiProvider, PacedProvider } from '../../src/devkit';
import { generate } from '../../src/processors/creator/creator-ai';
import { workerAiProvider } from '../../src/worker-ai';

const noStandIn = () => {
  throw new Error('the local stand-in was asked for');
};

describe('createAiProvider', () => {
  it('is the stand-in it is given when no model is configured outside production', () => {
    const standIn = new LocalProvider();
    expect(createAiProvider(loadConfig({}), () => standIn)).toBe(standIn);
  });

  it('is OpenAI-compatible when a base URL or a key is set, named after the model, without asking for the stand-in', () => {
    const byUrl = createAiProvider(loadConfig({ AI_BASE_URL: 'http://127.0.0.1:9/v1', AI_MODEL: 'llama3' }), noStandIn);
    expect(byUrl).toBeInstanceOf(OpenAiProvider);
    expect(byUrl.name).toBe('openai-compatible:llama3');
    expect(createAiProvider(loadConfig({ AI_API_KEY: 'sk-test' }), noStandIn)).toBeInstanceOf(OpenAiProvider);
    const production = loadConfig({ NODE_ENV: 'production', AI_API_KEY: 'sk-test' });
    expect(createAiProvider(production, noStandIn)).toBeInstanceOf(OpenAiProvider);
  });

  it('refuses a base URL that is not a URL', () => {
    expect(() => loadConfig({ AI_BASE_URL: 'not a url' })).toThrow(/AI_BASE_URL/);
  });

  it('in production with no model, never asks for the stand-in: each AI call fails at once, saying what to set', async () => {
    const provider = createAiProvider(loadConfig({ NODE_ENV: 'production' }), noStandIn);
    expect(provider).toBeInstanceOf(UnconfiguredAiProvider);
    const task = { kind: 'blueprint' as const, prompt: 'a habit tracker for runners' };
    await expect(provider.generate(task, AppBlueprintSchema)).rejects.toThrow(AiProviderError);
    await expect(provider.generate(task, AppBlueprintSchema)).rejects.toThrow(/AI_API_KEY .*AI_BASE_URL/);
    // a job's AI step fails for good (no retry can help) with the step and the reason
    const failed = generate(provider, task, AppBlueprintSchema, 'Writing the blueprint', new AbortController().signal);
    await expect(failed).rejects.toMatchObject({
      name: 'UnrecoverableError',
      message: `Writing the blueprint failed: ${AI_NOT_CONFIGURED}`,
    });
  });
});

describe('the worker root', () => {
  it('stands the devkit local generator in outside production with no model', () => {
    expect(workerAiProvider(loadConfig({}))).toBeInstanceOf(LocalProvider);
    expect(workerAiProvider(loadConfig({ NODE_ENV: 'production' }))).toBeInstanceOf(UnconfiguredAiProvider);
  });
});

describe('localAiProvider (devkit)', () => {
  it('paces the local generator when AI_LOCAL_DELAY_MS is set, with the same answers', async () => {
    const paced = localAiProvider(loadConfig({ AI_LOCAL_DELAY_MS: '120' }));
    expect(paced).toBeInstanceOf(PacedProvider);
    expect(paced.name).toBe('local-generator');
    const task = { kind: 'blueprint' as const, prompt: 'a habit tracker for runners' };
    const t0 = Date.now();
    const answer = await paced.generate(task, AppBlueprintSchema);
    expect(Date.now() - t0).toBeGreaterThanOrEqual(110);
    expect(answer).toEqual(await new LocalProvider().generate(task, AppBlueprintSchema));
  });

  it('is the bare local generator without a delay', () => {
    expect(localAiProvider(loadConfig({}))).toBeInstanceOf(LocalProvider);
  });
});

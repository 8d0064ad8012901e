import { AiProviderError } from '../../src/ai/ai-provider';
import { LocalProvider } from '../../src/devkit/ai/local-provider';
import { OpenAiProvider, type OpenAiProviderOptions } from '../../src/ai/openai-provider';
import { AppBlueprintSchema, type AppBlueprint } from '@sparkhouse/contracts';
import { startFakeChatServer, type FakeChatServer, type ScriptedReply } from './fake-chat-server';

const TASK = { kind: 'blueprint' as const, prompt: 'a habit tracker for runners training for their first marathon' };
let good: AppBlueprint;
let server: FakeChatServer | undefined;
const waits: number[] = [];

beforeAll(async () => {
  good = await new LocalProvider().generate(TASK, AppBlueprintSchema);
});
afterEach(async () => {
  await server?.close();
  server = undefined;
  waits.length = 0;
});

async function setup(script: ScriptedReply[], options: Partial<OpenAiProviderOptions> = {}) {
  server = await startFakeChatServer(script);
  return new OpenAiProvider({
    apiKey: 'test-key',
    model: 'fake-model',
    baseURL: server.baseURL,
    timeoutMs: 5_000,
    // Real (tiny) waits, recorded so the tests can check what retry-after asked for.
    sleep: async (ms) => {
      waits.push(ms);
      await new Promise((r) => setTimeout(r, ms));
    },
    ...options,
  });
}

describe('OpenAiProvider', () => {
  it('is labelled as a remote provider', async () => {
    const provider = await setup([{ content: '{}' }]);
    expect(provider.isLocal).toBe(false);
    expect(provider.name).toBe('openai-compatible:fake-model');
  });

  it('returns a valid answer and sends a json_schema response format', async () => {
    const provider = await setup([{ content: JSON.stringify(good) }]);
    await expect(provider.generate(TASK, AppBlueprintSchema)).resolves.toEqual(good);
    expect(server!.requests).toHaveLength(1);
    const body = server!.requests[0];
    expect(body.model).toBe('fake-model');
    expect(body.response_format.type).toBe('json_schema');
    expect(body.response_format.json_schema.name).toBe('blueprint');
    expect(body.response_format.json_schema.schema.required).toEqual(expect.arrayContaining(['name', 'features']));
    expect(body.messages.at(-1).content).toContain(TASK.prompt);
  });

  it('accepts JSON wrapped in a markdown fence', async () => {
    const provider = await setup([{ content: '```json\n' + JSON.stringify(good) + '\n```' }]);
    await expect(provider.generate(TASK, AppBlueprintSchema)).resolves.toEqual(good);
  });

  it('retries a malformed JSON answer with a corrective message, then succeeds', async () => {
    const provider = await setup([{ content: '{"name": "Habit Tracker Pro", ' }, { content: JSON.stringify(good) }]);
    await expect(provider.generate(TASK, AppBlueprintSchema)).resolves.toEqual(good);
    expect(server!.requests).toHaveLength(2);
    const retry = server!.requests[1].messages;
    expect(retry.at(-2)).toEqual({ role: 'assistant', content: '{"name": "Habit Tracker Pro", ' });
    expect(retry.at(-1).content).toMatch(/not valid JSON/);
  });

  it('fails with the reason when every answer misses the schema', async () => {
    const { features: _omit, ...withoutFeatures } = good;
    const provider = await setup([{ content: JSON.stringify(withoutFeatures) }], { maxAttempts: 3 });
    const err = await provider.generate(TASK, AppBlueprintSchema).catch((e) => e);
    expect(err).toBeInstanceOf(AiProviderError);
    expect(err.reason).toBe('invalid-output');
    expect(err.message).toMatch(/^The model's answer did not match the blueprint schema: features: /);
    expect(err.details.attempts).toBe(3);
    expect(server!.requests).toHaveLength(3);
    expect(server!.requests[2].messages.at(-1).content).toMatch(/features/);
  });

  it('treats an empty answer as invalid', async () => {
    const provider = await setup([{ content: null }], { maxAttempts: 2 });
    await expect(provider.generate(TASK, AppBlueprintSchema)).rejects.toThrow(/blueprint schema: the answer was empty/);
    expect(server!.requests).toHaveLength(2);
  });

  it('reports a refusal without retrying', async () => {
    const provider = await setup([{ content: null, refusal: 'I cannot help with that.' }]);
    await expect(provider.generate(TASK, AppBlueprintSchema)).rejects.toMatchObject({ reason: 'empty-answer' });
    expect(server!.requests).toHaveLength(1);
  });

  it('honours retry-after on a 429, then succeeds', async () => {
    const provider = await setup([{ status: 429, headers: { 'retry-after': '1' } }, { content: JSON.stringify(good) }]);
    await expect(provider.generate(TASK, AppBlueprintSchema)).resolves.toEqual(good);
    expect(waits).toEqual([1000]);
    expect(server!.requests).toHaveLength(2);
  });

  it('caps a long retry-after and gives up after the rate-limit retries', async () => {
    const provider = await setup([{ status: 429, headers: { 'retry-after': '120' } }], {
      maxRetryWaitMs: 5,
      maxRateLimitRetries: 2,
    });
    const err = await provider.generate(TASK, AppBlueprintSchema).catch((e) => e);
    expect(err).toMatchObject({ reason: 'rate-limited', details: { status: 429 } });
    expect(err.message).toMatch(/kept rate-limiting/);
    expect(waits).toEqual([5, 5]);
    expect(server!.requests).toHaveLength(3);
  });

  it('backs off exponentially when a 429 has no retry-after', async () => {
    const provider = await setup([{ status: 429 }, { status: 429 }, { content: JSON.stringify(good) }], { baseBackoffMs: 2 });
    await expect(provider.generate(TASK, AppBlueprintSchema)).resolves.toEqual(good);
    expect(waits).toEqual([2, 4]);
  });

  it('reads retry-after-ms and HTTP-date forms', async () => {
    const provider = await setup([{ content: '{}' }]);
    expect(provider.retryWaitMs(new Headers({ 'retry-after-ms': '250' }), 0)).toBe(250);
    const soon = new Date(Date.now() + 3_000).toUTCString();
    const ms = provider.retryWaitMs(new Headers({ 'retry-after': soon }), 0);
    expect(ms).toBeGreaterThan(1_000);
    expect(ms).toBeLessThanOrEqual(3_000);
  });

  it('fails clearly on a 500 without retrying (the SDK retries are off)', async () => {
    const provider = await setup([{ status: 500, body: { error: { message: 'upstream exploded', type: 'server_error' } } }]);
    const err = await provider.generate(TASK, AppBlueprintSchema).catch((e) => e);
    expect(err).toBeInstanceOf(AiProviderError);
    expect(err).toMatchObject({ reason: 'http', details: { status: 500 } });
    expect(err.message).toMatch(/answered HTTP 500/);
    expect(err.message).toMatch(/upstream exploded/);
    expect(server!.requests).toHaveLength(1);
  });

  it('fails clearly on a 401', async () => {
    const provider = await setup([{ status: 401, body: { error: { message: 'Incorrect API key provided' } } }]);
    await expect(provider.generate(TASK, AppBlueprintSchema)).rejects.toThrow(/answered HTTP 401.*Incorrect API key/);
  });

  it('fails clearly when nothing answers', async () => {
    const closed = await startFakeChatServer([{ content: '{}' }]);
    await closed.close();
    const provider = new OpenAiProvider({ apiKey: 'k', model: 'm', baseURL: closed.baseURL, timeoutMs: 2_000 });
    const err = await provider.generate(TASK, AppBlueprintSchema).catch((e) => e);
    expect(err).toMatchObject({ reason: 'network' });
    expect(err.message).toMatch(/Could not reach the AI provider/);
  });
});

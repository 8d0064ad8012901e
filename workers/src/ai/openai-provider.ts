import fs from 'node:fs';
import OpenAI, { APIConnectionError, APIError } from 'openai';
import { z } from 'zod';
import { AiProviderError, describeIssues, kindLabel, type AiProvider, type AiTask } from './ai-provider';

export interface OpenAiProviderOptions {
  apiKey: string;
  model: string;
  /** The speech-to-text model of /audio/transcriptions (video and audio descriptions). */
  transcriptionModel?: string;
  /** Any OpenAI-compatible endpoint (OpenAI, a gateway, a local server). */
  baseURL?: string;
  /** Total tries when the answer is not valid JSON for the schema (the first try included). */
  maxAttempts?: number;
  /** Extra tries after a 429. */
  maxRateLimitRetries?: number;
  /** Upper bound on any single wait, whatever retry-after asks for. */
  maxRetryWaitMs?: number;
  /** Backoff base when a 429 has no usable retry-after. */
  baseBackoffMs?: number;
  timeoutMs?: number;
  temperature?: number;
  /** Injectable for tests; defaults to a real timer. */
  sleep?: (ms: number) => Promise<void>;
}

const SYSTEM_PROMPT =
  'You help creators design mobile apps. Reply with a single JSON object that matches the given JSON schema exactly. No prose, no markdown fences.';

const defaultSleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

type Message = OpenAI.Chat.Completions.ChatCompletionMessageParam;

/** An OpenAI-compatible chat.completions provider with our own retry policy (the SDK's is off). */
export class OpenAiProvider implements AiProvider {
  readonly name: string;
  readonly isLocal = false;
  private readonly client: OpenAI;
  private readonly opts: Required<Omit<OpenAiProviderOptions, 'baseURL' | 'temperature' | 'transcriptionModel'>> & {
    temperature?: number;
  };
  private readonly transcriptionModel: string;

  constructor(options: OpenAiProviderOptions) {
    this.opts = {
      maxAttempts: 3,
      maxRateLimitRetries: 3,
      maxRetryWaitMs: 20_000,
      baseBackoffMs: 1_000,
      timeoutMs: 60_000,
      sleep: defaultSleep,
      ...options,
    };
    this.name = `openai-compatible:${options.model}`;
    this.transcriptionModel = options.transcriptionModel ?? 'whisper-1';
    // maxRetries 0: the SDK would otherwise retry 429/5xx on its own schedule, hiding ours.
    this.client = new OpenAI({ apiKey: options.apiKey, baseURL: options.baseURL, maxRetries: 0, timeout: this.opts.timeoutMs });
  }

  async generate<T>(task: AiTask, schema: z.ZodType<T>): Promise<T> {
    const label = kindLabel(task.kind);
    const jsonSchema = z.toJSONSchema(schema, { unrepresentable: 'any' }) as Record<string, unknown>;
    const messages: Message[] = [
      { role: 'system', content: SYSTEM_PROMPT },
      { role: 'user', content: userMessage(task) },
    ];
    let reason = 'no attempt was made';
    for (let attempt = 1; attempt <= this.opts.maxAttempts; attempt++) {
      const content = await this.complete(task, messages, jsonSchema);
      const outcome = parseAnswer(content, schema);
      if (outcome.ok) return outcome.value;
      reason = outcome.reason;
      // Show the model its own answer and what was wrong with it; this fixes most slips.
      messages.push(
        { role: 'assistant', content: content ?? '' },
        { role: 'user', content: `That answer was rejected: ${reason}. Reply again with only the corrected JSON object.` },
      );
    }
    throw new AiProviderError('invalid-output', `The model's answer did not match the ${label} schema: ${reason}`, {
      provider: this.name,
      kind: task.kind,
      attempts: this.opts.maxAttempts,
    });
  }

  /** Speech to text with the transcription model; 429s are retried like chat answers. */
  async transcribe(file: string, signal?: AbortSignal): Promise<string> {
    const task: AiTask = { kind: 'content-description', prompt: 'transcription' };
    for (let retry = 0; ; retry++) {
      try {
        const answer = await this.client.audio.transcriptions.create(
          { file: fs.createReadStream(file), model: this.transcriptionModel, response_format: 'json' },
          { signal },
        );
        return answer.text.trim();
      } catch (error) {
        if (error instanceof APIError && error.status === 429 && retry < this.opts.maxRateLimitRetries) {
          await this.opts.sleep(this.retryWaitMs(error.headers, retry));
          continue;
        }
        throw this.describe(error, task);
      }
    }
  }

  /** One chat completion, retrying only 429s. Returns the message content (null when refused/empty). */
  private async complete(task: AiTask, messages: Message[], jsonSchema: Record<string, unknown>): Promise<string | null> {
    for (let retry = 0; ; retry++) {
      try {
        const completion = await this.client.chat.completions.create({
          model: this.opts.model,
          messages,
          temperature: this.opts.temperature,
          // strict off: strict mode forbids optional properties, which our schemas use.
          response_format: {
            type: 'json_schema',
            json_schema: { name: task.kind.replace(/-/g, '_'), schema: jsonSchema, strict: false },
          },
        });
        const choice = completion.choices?.[0];
        if (choice?.message?.refusal) {
          throw new AiProviderError(
            'empty-answer',
            `The model refused the ${kindLabel(task.kind)} request: ${choice.message.refusal}`,
            {
              provider: this.name,
              kind: task.kind,
            },
          );
        }
        return choice?.message?.content ?? null;
      } catch (error) {
        if (error instanceof AiProviderError) throw error;
        if (error instanceof APIError && error.status === 429 && retry < this.opts.maxRateLimitRetries) {
          await this.opts.sleep(this.retryWaitMs(error.headers, retry));
          continue;
        }
        throw this.describe(error, task);
      }
    }
  }

  /** retry-after-ms, then retry-after (seconds or HTTP date), else exponential backoff; always capped. */
  retryWaitMs(headers: Headers | undefined, retry: number): number {
    const cap = this.opts.maxRetryWaitMs;
    const ms = Number(headers?.get('retry-after-ms'));
    if (headers?.get('retry-after-ms') && Number.isFinite(ms) && ms >= 0) return Math.min(ms, cap);
    const after = headers?.get('retry-after');
    if (after) {
      const seconds = Number(after);
      if (Number.isFinite(seconds) && seconds >= 0) return Math.min(seconds * 1000, cap);
      const date = Date.parse(after);
      if (Number.isFinite(date)) return Math.min(Math.max(0, date - Date.now()), cap);
    }
    return Math.min(this.opts.baseBackoffMs * 2 ** retry, cap);
  }

  private describe(error: unknown, task: AiTask): AiProviderError {
    const base = { provider: this.name, kind: task.kind, cause: error };
    if (error instanceof APIConnectionError) {
      return new AiProviderError('network', `Could not reach the AI provider at ${this.client.baseURL}: ${error.message}`, base);
    }
    if (error instanceof APIError && typeof error.status === 'number') {
      const what = error.status === 429 ? 'kept rate-limiting' : `answered HTTP ${error.status}`;
      return new AiProviderError(error.status === 429 ? 'rate-limited' : 'http', `The AI provider ${what}: ${error.message}`, {
        ...base,
        status: error.status,
      });
    }
    const message = error instanceof Error ? error.message : String(error);
    return new AiProviderError('network', `The AI provider call failed: ${message}`, base);
  }
}

/** The task in words, and its pictures (if any) as image parts the model can look at. */
function userMessage(task: AiTask): string | OpenAI.Chat.Completions.ChatCompletionContentPart[] {
  const parts = [`Task: ${kindLabel(task.kind)}.`, `Creator's request:\n${task.prompt}`];
  if (task.context && Object.keys(task.context).length > 0) parts.push(`Context (JSON):\n${JSON.stringify(task.context)}`);
  const text = parts.join('\n\n');
  if (!task.images?.length) return text;
  return [
    { type: 'text', text },
    ...task.images.map((url) => ({ type: 'image_url' as const, image_url: { url, detail: 'low' as const } })),
  ];
}

type Parsed<T> = { ok: true; value: T } | { ok: false; reason: string };

function parseAnswer<T>(content: string | null, schema: z.ZodType<T>): Parsed<T> {
  if (!content || !content.trim()) return { ok: false, reason: 'the answer was empty' };
  // Some compatible servers still wrap JSON in a markdown fence despite response_format.
  const text = content.trim().replace(/^```(?:json)?\s*([\s\S]*?)\s*```$/, '$1');
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch (error) {
    return { ok: false, reason: `the answer was not valid JSON (${(error as Error).message})` };
  }
  const result = schema.safeParse(json);
  return result.success ? { ok: true, value: result.data } : { ok: false, reason: describeIssues(result.error) };
}

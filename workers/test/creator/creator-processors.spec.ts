import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import { UnrecoverableError } from 'bullmq';
import type { z } from 'zod';
import type { JobContext } from '@sparkhouse/backend';
import {
  BUILD_APP_STEPS,
  buildAppResultSchema,
  JOBS,
  LandingPageSchema,
  type JobName,
  type JobPayload,
  type LandingPage,
} from '@sparkhouse/contracts';
import { AiProviderError, type AiProvider, type AiTask } from '../../src/ai/ai-provider';
import { DEFAULT_EDITOR_SUGGESTIONS } from '../../src/ai/editor-suggestions';
import { LocalProvider } from '../../src/devkit/ai/local-provider';
import { AppImageMaker } from '../../src/media/app-image';
import { BuildAppProcessor } from '../../src/processors/creator/build-app.processor';
import { BrainstormProcessor } from '../../src/processors/creator/brainstorm.processor';
import { EditLandingPageProcessor } from '../../src/processors/creator/edit-landing-page.processor';
import { BlueprintHelpProcessor } from '../../src/processors/creator/blueprint-help.processor';
import { EditorSuggestionsProcessor } from '../../src/processors/creator/editor-suggestions.processor';
import { isWorthRetrying } from '../../src/processors/creator/creator-ai';
import { BUILD_APP_PROGRESS } from '../stack';

const MARATHON = 'a habit tracker for runners training for their first marathon';
const NURSES = 'I want to build an app that helps nurses swap shifts';

let mediaDir: string;
beforeAll(() => {
  mediaDir = fs.mkdtempSync(path.join(os.tmpdir(), 'creator-processors-'));
});
afterAll(() => fs.rmSync(mediaDir, { recursive: true, force: true }));

interface Report {
  percent: number;
  step: string;
  message: string;
}

/** A job context like the worker runtime's, recording progress; abort it through `controller`. */
function context<N extends JobName>(name: N, payload: JobPayload<N>) {
  const controller = new AbortController();
  const reports: Report[] = [];
  const ctx: JobContext<N> = {
    runId: 'run-1',
    name,
    owner: { ownerId: 'user-1', subjectId: 'app-1' },
    payload: JOBS[name].payload.parse(payload) as JobPayload<N>,
    attempt: 1,
    requestedAt: new Date().toISOString(),
    signal: controller.signal,
    progress: async (percent, step, message = '') => {
      reports.push({ percent, step, message });
    },
    throwIfAborted: () => controller.signal.throwIfAborted(),
  };
  return { ctx, reports, controller };
}

/** A provider that answers like the local one, or fails / hangs for chosen kinds. */
class ScriptedProvider implements AiProvider {
  readonly name = 'scripted';
  readonly isLocal = false;
  readonly calls: AiTask[] = [];
  private readonly local = new LocalProvider();
  constructor(private readonly behaviour: Partial<Record<AiTask['kind'], 'fail' | 'hang' | 'unsupported'>> = {}) {}
  async generate<T>(task: AiTask, schema: z.ZodType<T>): Promise<T> {
    this.calls.push(task);
    const b = this.behaviour[task.kind];
    if (b === 'fail') throw new AiProviderError('http', 'The AI provider answered HTTP 503: overloaded');
    if (b === 'unsupported') throw new AiProviderError('unsupported', 'no template');
    if (b === 'hang') return new Promise<T>(() => undefined);
    return this.local.generate(task, schema);
  }
}

const images = () => new AppImageMaker(mediaDir);

describe('BuildAppProcessor', () => {
  const build = (
    prompt: string,
    extra: Partial<JobPayload<'creator-apps.build-app'>> = {},
    ai: AiProvider = new LocalProvider(),
  ) => {
    const c = context('creator-apps.build-app', { appId: 'app-1', prompt, ...extra });
    return { ...c, result: new BuildAppProcessor(ai, images()).run(c.ctx) };
  };

  it('produces every document and a loadable app image, in schema', async () => {
    const { result } = build(MARATHON);
    const r = await result;
    expect(buildAppResultSchema.safeParse(r).success).toBe(true);
    expect(r.generatedBy).toBe('local-generator');
    expect(r.appImage).toMatchObject({ width: 1024, height: 1024, generatedBy: 'procedural' });
    expect(r.appImage.url).toMatch(/^\/api\/media\/app-images\/app-1-[a-z0-9]+\.png$/);
    const file = path.join(mediaDir, 'app-images', path.basename(r.appImage.url));
    const meta = await sharp(file).metadata();
    expect(meta).toMatchObject({ format: 'png', width: 1024, height: 1024 });
  });

  it('reports each named step as it starts and ends, in order, ending at 100', async () => {
    const { result, reports } = build(MARATHON);
    await result;
    expect(reports.map((r) => [r.step, r.percent])).toEqual(BUILD_APP_PROGRESS);
    expect([...new Set(reports.map((r) => r.step))]).toEqual([...BUILD_APP_STEPS]);
    expect(reports[0].message).toContain('a habit tracker for runners training');
    expect(reports.every((r) => r.message.length > 0)).toBe(true);
  });

  it('is deterministic: the same prompt gives the same documents and the same image', async () => {
    const a = await build(MARATHON).result;
    const b = await build(MARATHON).result;
    expect(b).toEqual(a);
    const other = await build(NURSES).result;
    expect(other.blueprint).not.toEqual(a.blueprint);
    expect(other.appImage.url).not.toBe(a.appImage.url);
  });

  it("uses the prompt's subject across the documents, and the stored app idea over a short prompt", async () => {
    const r = await build(MARATHON).result;
    expect(r.blueprint.name.toLowerCase()).toContain('habit tracker');
    expect(r.blueprint.audience.toLowerCase()).toContain('runners');
    expect(r.landingPage.hero.title.toLowerCase()).toContain('habit tracker');
    const fromIdea = await build('make it playful', { appIdea: NURSES }).result;
    expect(fromIdea.blueprint.audience.toLowerCase()).toContain('nurses');
  });

  it("keeps the creator's app name and draws its initials' image", async () => {
    const r = await build(MARATHON, { appName: 'Stride' }).result;
    expect(r.blueprint.name).toBe('Stride');
  });

  it('passes the blueprint to the later steps so they describe the same app', async () => {
    const ai = new ScriptedProvider();
    const r = await build(MARATHON, {}, ai).result;
    expect(ai.calls.map((c) => c.kind)).toEqual(['blueprint', 'onboarding', 'landing-page']);
    expect(ai.calls[1].context?.['blueprint']).toEqual(r.blueprint);
    expect(ai.calls[2].context?.['blueprint']).toEqual(r.blueprint);
  });

  it('fails with the step and the reason when the provider fails (retryable)', async () => {
    const { result, reports } = build(MARATHON, {}, new ScriptedProvider({ 'landing-page': 'fail' }));
    const err = await result.catch((e) => e);
    expect(err).toBeInstanceOf(Error);
    expect(err).not.toBeInstanceOf(UnrecoverableError);
    expect(err.message).toBe('Writing the landing page failed: The AI provider answered HTTP 503: overloaded');
    expect(reports[reports.length - 1]).toMatchObject({ step: 'landing-page', percent: 50 });
  });

  it('does not retry what can never succeed', async () => {
    const err = await build(MARATHON, {}, new ScriptedProvider({ blueprint: 'unsupported' })).result.catch((e) => e);
    expect(err).toBeInstanceOf(UnrecoverableError);
    expect(err.message).toBe('Writing the blueprint failed: no template');
  });

  it('stops at once when canceled, even inside a slow AI call', async () => {
    const { result, reports, controller } = build(MARATHON, {}, new ScriptedProvider({ onboarding: 'hang' }));
    await new Promise<void>((resolve) => {
      const poll = () => (reports.some((r) => r.step === 'onboarding') ? resolve() : setTimeout(poll, 5));
      poll();
    });
    const reason = new Error('Canceled by its owner');
    controller.abort(reason);
    await expect(result).rejects.toBe(reason);
    expect(reports.some((r) => r.step === 'landing-page')).toBe(false);
  });
});

describe('isWorthRetrying', () => {
  const err = (reason: AiProviderError['reason'], status?: number) => new AiProviderError(reason, 'x', { status });
  it.each([
    [err('http', 500), true],
    [err('http', 503), true],
    [err('network'), true],
    [err('rate-limited', 429), true],
    [err('invalid-output'), true],
    [err('http', 408), true],
    [err('http', 401), false],
    [err('http', 404), false],
    [err('http', 400), false],
    [err('unsupported'), false],
  ])('%#', (error, expected) => expect(isWorthRetrying(error)).toBe(expected));
});

describe('BrainstormProcessor', () => {
  it('answers 3-8 ideas about the subject, the same ones for the same prompt', async () => {
    const run = async (prompt: string) => {
      const { ctx, reports } = context('creator-apps.brainstorm', { brainstormId: 'b-1', prompt });
      return { r: await new BrainstormProcessor(new LocalProvider()).run(ctx), reports };
    };
    const { r, reports } = await run(MARATHON);
    expect(r.ideas.length).toBeGreaterThanOrEqual(3);
    expect(r.ideas.length).toBeLessThanOrEqual(8);
    for (const idea of r.ideas) expect(idea.title.toLowerCase()).toContain('habit tracker');
    expect((await run(MARATHON)).r).toEqual(r);
    expect((await run(NURSES)).r.ideas).not.toEqual(r.ideas);
    expect(reports.map((x) => [x.step, x.percent])).toEqual([
      ['brainstorming', 0],
      ['brainstorming', 100],
    ]);
    expect(reports[1].message).toBe(`${r.ideas.length} app ideas ready`);
  });
});

describe('EditLandingPageProcessor', () => {
  it('applies the instruction to the given page and answers a valid new page', async () => {
    const current: LandingPage = await new LocalProvider().generate(
      { kind: 'landing-page', prompt: MARATHON },
      LandingPageSchema,
    );
    const { ctx } = context('creator-apps.edit-landing-page', {
      appId: 'app-1',
      instruction: 'mention the free trial',
      landingPage: current,
      appIdea: MARATHON,
    });
    const r = await new EditLandingPageProcessor(new LocalProvider()).run(ctx);
    expect(LandingPageSchema.safeParse(r.landingPage).success).toBe(true);
    expect(r.landingPage).not.toEqual(current);
    expect(r.landingPage.hero.title).toBe(current.hero.title);
    expect(JSON.stringify(r.landingPage).toLowerCase()).toContain('free trial');
  });
});

describe('BlueprintHelpProcessor', () => {
  it('suggests a blueprint about the app', async () => {
    const { ctx } = context('creator-apps.blueprint-help', { appId: 'app-1', prompt: NURSES });
    const r = await new BlueprintHelpProcessor(new LocalProvider()).run(ctx);
    expect(r.blueprint.audience.toLowerCase()).toContain('nurses');
    expect(r.generatedBy).toBe('local-generator');
  });
});

describe('EditorSuggestionsProcessor', () => {
  it('answers suggestions from the provider', async () => {
    const { ctx } = context('creator-apps.editor-suggestions', { appId: 'app-1', idea: MARATHON });
    const r = await new EditorSuggestionsProcessor(new LocalProvider()).run(ctx);
    expect(r.usedFallback).toBe(false);
    expect(r.sections.map((s) => s.title)).toEqual(['Suggested', 'Stories', 'Activities']);
    expect(JSON.stringify(r.sections)).not.toEqual(JSON.stringify(DEFAULT_EDITOR_SUGGESTIONS.sections));
  });

  it("passes the editor's context on to the provider", async () => {
    const ai = new ScriptedProvider();
    const editor = { cardContext: 'week 3 long run', position: 2 };
    const { ctx } = context('creator-apps.editor-suggestions', {
      appId: 'app-1',
      idea: MARATHON,
      appName: 'Stride',
      context: editor,
    });
    await new EditorSuggestionsProcessor(ai).run(ctx);
    expect(ai.calls[0]).toMatchObject({
      kind: 'editor-suggestions',
      prompt: MARATHON,
      context: { idea: MARATHON, appName: 'Stride', editor },
    });
  });

  it('falls back to the default sections when the provider fails, without failing', async () => {
    const { ctx } = context('creator-apps.editor-suggestions', { appId: 'app-1', idea: MARATHON });
    const r = await new EditorSuggestionsProcessor(new ScriptedProvider({ 'editor-suggestions': 'fail' })).run(ctx);
    expect(r).toEqual({ sections: DEFAULT_EDITOR_SUGGESTIONS.sections, usedFallback: true, generatedBy: 'defaults' });
  });
});

import {
  AppBuildRequested,
  AppBuildResultStored,
  AppCreated,
  AppDetailsChanged,
  AppDocumentVersionAdded,
  AppPublished,
  AppThemeChanged,
} from '@sparkhouse/contracts';
import { draftContent, foldApp, publishedContent } from './app-state';
import { checkUnpublishedChanges } from './unpublished-changes';

let t = 0;
const ev = (type: string, payload: object) => ({
  type,
  payload,
  metadata: { occurredAt: new Date(Date.UTC(2026, 10, 21, 8, 0, t++)).toISOString(), actor: 'ava' },
});
const created = (over: object = {}) =>
  ev(AppCreated.type, {
    appId: 'a1',
    ownerId: 'ava',
    name: 'Marathon training',
    storefrontSlug: 'ava',
    appSlug: 'marathon-training',
    isIdea: false,
    prompt: 'marathon training',
    ...over,
  });
const version = (document: string, n: number, content: object, runId: string | null = null) =>
  ev(AppDocumentVersionAdded.type, {
    appId: 'a1',
    document,
    versionId: `${document}-${n}`,
    number: n,
    content,
    reason: runId ? 'ai-build' : 'edit',
    restoredFrom: null,
    runId,
  });

describe('foldApp', () => {
  it('is null for a stream without AppCreated', () => {
    expect(foldApp([])).toBeNull();
  });

  it('folds details, versions, theme and publishing, counting the stream version', () => {
    const s = foldApp([
      created(),
      version('blueprint', 1, { name: 'One' }),
      version('blueprint', 2, { name: 'Two' }),
      ev(AppThemeChanged.type, { appId: 'a1', theme: { primary: '#000' } }),
      ev(AppPublished.type, {
        appId: 'a1',
        versions: { blueprint: 'blueprint-1', 'landing-page': null, 'onboarding-flow': null },
        theme: null,
        canvasSettings: null,
        publishedAt: '2026-11-21T08:00:00.000Z',
      }),
    ])!;
    expect(s.version).toBe(5);
    expect(s.histories.blueprint.versions.map((v) => v.versionId)).toEqual(['blueprint-1', 'blueprint-2']);
    expect(s.histories.blueprint.versions[0].createdBy).toBe('ava');
    expect(publishedContent(s)).toMatchObject({ blueprint: { name: 'One' }, theme: null });
    expect(checkUnpublishedChanges(draftContent(s), publishedContent(s)).changed).toEqual(['blueprint', 'theme']);
  });

  it('knows a provisional name (from the prompt) until the creator renames the app', () => {
    expect(foldApp([created()])!.autoNamed).toBe(true);
    expect(foldApp([created({ name: 'My own name' })])!.autoNamed).toBe(false);
    expect(foldApp([created({ prompt: '', name: 'Untitled app' })])!.autoNamed).toBe(false);
    expect(foldApp([created(), ev(AppDetailsChanged.type, { appId: 'a1', name: 'Renamed' })])!.autoNamed).toBe(false);
    // a change of the app idea alone keeps it provisional
    expect(foldApp([created(), ev(AppDetailsChanged.type, { appId: 'a1', appIdea: 'idea' })])!).toMatchObject({
      autoNamed: true,
      appIdea: 'idea',
    });
  });

  it('remembers requested runs and the runs whose results are stored', () => {
    const s = foldApp([
      created(),
      ev(AppBuildRequested.type, { appId: 'a1', runId: 'r1', prompt: 'p', appIdea: null }),
      version('landing-page', 1, { status: 'ready' }, 'r1'),
      ev(AppBuildResultStored.type, { appId: 'a1', runId: 'r1', generatedBy: 'local' }),
    ])!;
    expect([...s.requestedRuns]).toEqual(['r1']);
    expect(s.storedRuns.has('r1')).toBe(true);
    expect(s.storedRuns.has('r2')).toBe(false);
  });
});

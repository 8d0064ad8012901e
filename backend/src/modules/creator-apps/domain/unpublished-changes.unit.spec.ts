import { deepFreeze } from './json-values';
import { checkUnpublishedChanges, UNPUBLISHED_CHANGES_TTL_MS, type AppContent } from './unpublished-changes';

const published: AppContent = deepFreeze({
  blueprint: { name: 'Run Club', sections: [{ id: 's1', items: ['warmup', 'run'] }] },
  landingPage: { status: 'ready', hero: { title: 'Run', subtitle: 'faster' } },
  onboardingFlow: { pages: [{ id: 'p1', question: 'Goal?' }] },
  theme: { primary: '#FAE26A', font: 'Inter' },
  canvasSettings: { zoom: 1, grid: true },
});

describe('checkUnpublishedChanges', () => {
  it('is cached for the spec 9 TTL of 5 s', () => {
    expect(UNPUBLISHED_CHANGES_TTL_MS).toBe(5_000);
  });

  it('finds nothing when the drafts equal the published snapshot', () => {
    expect(checkUnpublishedChanges(structuredClone(published), published)).toEqual({ hasUnpublishedChanges: false, changed: [] });
  });

  it('ignores key order at every level (JSONB and clients reorder keys)', () => {
    const reordered: AppContent = {
      canvasSettings: { grid: true, zoom: 1 },
      theme: { font: 'Inter', primary: '#FAE26A' },
      onboardingFlow: { pages: [{ question: 'Goal?', id: 'p1' }] },
      landingPage: { hero: { subtitle: 'faster', title: 'Run' }, status: 'ready' },
      blueprint: { sections: [{ items: ['warmup', 'run'], id: 's1' }], name: 'Run Club' },
    };
    expect(checkUnpublishedChanges(reordered, published).hasUnpublishedChanges).toBe(false);
  });

  it('names each changed part, in a fixed order', () => {
    const drafts = {
      ...published,
      canvasSettings: { zoom: 2, grid: true },
      blueprint: { name: 'Run Club', sections: [{ id: 's1', items: ['run', 'warmup'] }] }, // order of items matters
    };
    expect(checkUnpublishedChanges(drafts, published)).toEqual({
      hasUnpublishedChanges: true,
      changed: ['blueprint', 'canvasSettings'],
    });
  });

  it('sees a theme change alone', () => {
    expect(checkUnpublishedChanges({ ...published, theme: { primary: '#EB5757', font: 'Inter' } }, published).changed).toEqual([
      'theme',
    ]);
  });

  describe('pending landing page counts as absent (spec 4)', () => {
    it('a pending draft page against a published one is a change (removal)', () => {
      const drafts = { ...published, landingPage: { status: 'pending' } };
      expect(checkUnpublishedChanges(drafts, published).changed).toEqual(['landingPage']);
    });

    it('a pending draft page against no published page is no change', () => {
      const live = { ...published, landingPage: undefined };
      expect(
        checkUnpublishedChanges({ ...published, landingPage: { status: 'pending', hero: {} } }, live).hasUnpublishedChanges,
      ).toBe(false);
    });

    it('pending on both sides is no change, even with different half-generated content', () => {
      const drafts = { ...published, landingPage: { status: 'pending', hero: { title: 'a' } } };
      const live = { ...published, landingPage: { status: 'pending', hero: { title: 'b' } } };
      expect(checkUnpublishedChanges(drafts, live).hasUnpublishedChanges).toBe(false);
    });

    it('a ready draft page where the published one was pending is a change', () => {
      const live = { ...published, landingPage: { status: 'pending' } };
      expect(checkUnpublishedChanges(published, live).changed).toEqual(['landingPage']);
    });
  });

  it('treats null and missing parts alike', () => {
    expect(checkUnpublishedChanges({ blueprint: null, theme: undefined }, {}).hasUnpublishedChanges).toBe(false);
  });

  describe('never-published app', () => {
    it('counts every part with content as changed', () => {
      expect(checkUnpublishedChanges({ blueprint: { name: 'x' }, theme: { primary: '#000' } }, null)).toEqual({
        hasUnpublishedChanges: true,
        changed: ['blueprint', 'theme'],
      });
    });

    it('has nothing to publish while it is empty or its only page is pending', () => {
      expect(checkUnpublishedChanges({}, null).hasUnpublishedChanges).toBe(false);
      expect(checkUnpublishedChanges({ landingPage: { status: 'pending' } }, null).hasUnpublishedChanges).toBe(false);
    });

    it('counts empty-but-present content ({} or []) as content', () => {
      expect(checkUnpublishedChanges({ onboardingFlow: { pages: [] } }, null).changed).toEqual(['onboardingFlow']);
    });
  });
});

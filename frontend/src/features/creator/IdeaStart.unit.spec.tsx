import { buildEstimate } from './IdeaStart';

describe('the build estimate on the idea form', () => {
  it('states what recent builds measured, not a fixed "about a minute"', () => {
    expect(buildEstimate({ medianMs: 1200, sampleSize: 12 })).toBe(
      'Recent builds took a few seconds. You can leave and come back.',
    );
    expect(buildEstimate({ medianMs: 95_000, sampleSize: 50 })).toBe(
      'Recent builds took about 2 minutes. You can leave and come back.',
    );
  });

  it('claims no figure before any build was measured (or while the figures load)', () => {
    expect(buildEstimate({ medianMs: null, sampleSize: 0 })).toBe('You can leave and come back.');
    expect(buildEstimate(undefined)).toBe('You can leave and come back.');
  });
});

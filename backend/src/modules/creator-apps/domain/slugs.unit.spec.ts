import { provisionalAppName, SLUG_MAX, slugCandidate, slugify, storefrontSlugFor } from './slugs';

describe('slugify', () => {
  it('makes lower-case ASCII words joined by dashes', () => {
    expect(slugify('Run Club!', 'x')).toBe('run-club');
    expect(slugify('  Café  Crème  ', 'x')).toBe('cafe-creme');
    expect(slugify('10k -- in 8 weeks', 'x')).toBe('10k-in-8-weeks');
  });
  it('falls back when nothing is left', () => {
    expect(slugify('!!!', 'app')).toBe('app');
    expect(slugify('日本語', 'app')).toBe('app');
  });
  it('stays within the maximum without a trailing dash', () => {
    const slug = slugify('word '.repeat(30), 'x');
    expect(slug.length).toBeLessThanOrEqual(SLUG_MAX);
    expect(slug.endsWith('-')).toBe(false);
  });
});

describe('slugCandidate', () => {
  it('is the slug first, then numbered', () => {
    expect([1, 2, 3].map((n) => slugCandidate('run-club', n))).toEqual(['run-club', 'run-club-2', 'run-club-3']);
  });
  it('keeps a numbered long slug within the maximum', () => {
    const base = 'a'.repeat(SLUG_MAX);
    expect(slugCandidate(base, 12)).toHaveLength(SLUG_MAX);
    expect(slugCandidate(base, 12).endsWith('-12')).toBe(true);
  });
});

describe('storefrontSlugFor', () => {
  it('uses the name, else the email local part, else creator', () => {
    expect(storefrontSlugFor({ firstName: 'Ava', lastName: 'Reyes', email: 'x@y.z' })).toBe('ava-reyes');
    expect(storefrontSlugFor({ firstName: '', lastName: '', email: 'Ava.R@example.com' })).toBe('ava-r');
    expect(storefrontSlugFor({})).toBe('creator');
  });
});

describe('provisionalAppName', () => {
  it('takes the first words of the prompt, capitalised', () => {
    expect(provisionalAppName('marathon training for beginners')).toBe('Marathon training for beginners');
    expect(provisionalAppName('an app that helps busy parents plan healthy weekly meals together')).toBe(
      'An app that helps busy parents',
    );
  });
  it('never exceeds 60 characters and never ends on punctuation', () => {
    const name = provisionalAppName('supercalifragilisticexpialidocious '.repeat(3));
    expect(name.length).toBeLessThanOrEqual(60);
    expect(provisionalAppName('pottery, ')).toBe('Pottery');
    expect(provisionalAppName('   ')).toBe('Untitled app');
  });
});

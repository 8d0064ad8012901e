import { checkEmail, editDistance, EMAIL_SCORE_THRESHOLD, isDisposable, suggestDomain } from './email-check';

const warns = (email: string) => checkEmail(email).score <= EMAIL_SCORE_THRESHOLD;

describe('email check', () => {
  it('accepts ordinary addresses at full score, with no suggestion', () => {
    for (const email of ['ada@gmail.com', 'Grace.Hopper+news@Outlook.com', 'me@my-company.io', 'x@proton.me']) {
      expect(checkEmail(email)).toEqual({ suggestion: null, score: 1, reasons: [] });
    }
  });

  it.each([
    ['ada@gmial.com', 'ada@gmail.com'],
    ['ada@gmail.con', 'ada@gmail.com'],
    ['ada@gmail.cmo', 'ada@gmail.com'],
    ['ada@gnail.con', 'ada@gmail.com'],
    ['ada@yaho.com', 'ada@yahoo.com'],
    ['ada@hotmial.com', 'ada@hotmail.com'],
    ['ada@outlok.com', 'ada@outlook.com'],
    ['ada@icloud.co', 'ada@icloud.com'],
    ['ada@aol.con', 'ada@aol.com'],
    ['ada@protn.me', 'ada@proton.me'],
    ['ada@mycompany.con', 'ada@mycompany.com'],
  ])('suggests %s -> %s, a suggestion alone staying above the warning threshold', (email, suggestion) => {
    const r = checkEmail(email);
    expect(r.suggestion).toBe(suggestion);
    expect(r.reasons).toContain('possible-typo');
    expect(r.score).toBe(0.5);
    expect(warns(email)).toBe(false);
  });

  it('does not "correct" real providers or unrelated domains', () => {
    for (const d of ['gmail.com', 'mail.com', 'me.com', 'ymail.com', 'example.org', 'university.edu', 'gmx.de']) {
      expect(suggestDomain(d)).toBeNull();
    }
  });

  it('scores disposable domains (and their sub-domains) under the threshold', () => {
    expect(isDisposable('mailinator.com')).toBe(true);
    expect(isDisposable('eu.mailinator.com')).toBe(true);
    expect(isDisposable('notmailinator.com')).toBe(false);
    for (const email of ['x@mailinator.com', 'x@10minutemail.com', 'x@guerrillamail.com', 'x@yopmail.com', 'x@tempmail.com']) {
      const r = checkEmail(email);
      expect(r).toMatchObject({ suggestion: null, score: 0.1 });
      expect(r.reasons).toContain('disposable');
      expect(warns(email)).toBe(true);
    }
  });

  it('scores bad syntax 0 and a missing TLD under the threshold', () => {
    for (const email of [
      'plainaddress',
      '@gmail.com',
      'a@@b.com',
      'a b@c.com',
      '.a@b.com',
      'a..b@c.com',
      'a@-b.com',
      'a@b..com',
      'a@',
    ]) {
      expect(checkEmail(email)).toEqual({ suggestion: null, score: 0, reasons: ['invalid-syntax'] });
    }
    expect(checkEmail('a@localhost')).toMatchObject({ score: 0.1, reasons: ['no-tld'] });
    expect(checkEmail('a@site.c1')).toMatchObject({ score: 0.1, reasons: ['no-tld'] });
  });

  it('scores down numeric and very long local parts; combined with a typo they cross the threshold', () => {
    expect(checkEmail('1234567@gmail.com')).toMatchObject({ score: 0.7, reasons: ['numeric-local-part'] });
    expect(checkEmail(`${'a'.repeat(31)}@gmail.com`)).toMatchObject({ score: 0.8, reasons: ['long-local-part'] });
    const both = checkEmail('1234567@gmial.com');
    expect(both).toEqual({ suggestion: '1234567@gmail.com', score: 0.2, reasons: ['possible-typo', 'numeric-local-part'] });
    expect(warns('1234567@gmial.com')).toBe(true);
    // the threshold itself warns ("at most 0.25")
    expect(EMAIL_SCORE_THRESHOLD).toBe(0.25);
  });

  it('measures edit distance with adjacent swaps costing one', () => {
    expect(editDistance('gmail.com', 'gmail.com')).toBe(0);
    expect(editDistance('gmial.com', 'gmail.com')).toBe(1);
    expect(editDistance('gmai.com', 'gmail.com')).toBe(1);
    expect(editDistance('gnail.con', 'gmail.com')).toBe(2);
    expect(editDistance('', 'abc')).toBe(3);
  });
});

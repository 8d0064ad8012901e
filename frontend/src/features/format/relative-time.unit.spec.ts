import { formatRelativeTime, formatSpan, formatTypicalWait } from './relative-time';

const NOW = new Date('2026-11-21T12:00:00Z');
const ago = (seconds: number) => new Date(NOW.getTime() - seconds * 1000);
const rel = (seconds: number) => formatRelativeTime(ago(seconds), NOW, 'en');

describe('formatRelativeTime (spec section 9)', () => {
  it('counts seconds under a minute', () => {
    expect(rel(1)).toBe('1 second ago');
    expect(rel(59)).toBe('59 seconds ago');
  });

  it('switches to minutes at one minute, hours at one hour', () => {
    expect(rel(60)).toBe('1 minute ago');
    expect(rel(59 * 60 + 59)).toBe('59 minutes ago');
    expect(rel(3600)).toBe('1 hour ago');
    expect(rel(23 * 3600)).toBe('23 hours ago');
  });

  it('uses days, then 30-day months, then 365-day years', () => {
    expect(rel(2 * 86_400)).toBe('2 days ago');
    expect(rel(29 * 86_400)).toBe('29 days ago');
    expect(rel(30 * 86_400)).toBe('last month');
    expect(rel(60 * 86_400)).toBe('2 months ago');
    expect(rel(364 * 86_400)).toBe('12 months ago');
    expect(rel(365 * 86_400)).toBe('last year');
    expect(rel(3 * 365 * 86_400)).toBe('3 years ago');
  });

  it('reads ISO strings and future dates', () => {
    expect(formatRelativeTime('2026-11-21T11:00:00Z', NOW, 'en')).toBe('1 hour ago');
    expect(formatRelativeTime(new Date(NOW.getTime() + 5 * 60_000), NOW, 'en')).toBe('in 5 minutes');
  });

  it('says "now" for the same instant', () => {
    expect(rel(0)).toBe('now');
  });
});

describe('formatSpan (measured work: build steps, runs)', () => {
  it('shows sub-second work in tenths, never as 0:00', () => {
    expect(formatSpan(0)).toBe('< 0.1 s');
    expect(formatSpan(40)).toBe('< 0.1 s');
    expect(formatSpan(380)).toBe('0.4 s');
    expect(formatSpan(1250)).toBe('1.3 s');
  });

  it('whole seconds under a minute, then minutes and seconds', () => {
    expect(formatSpan(12_400)).toBe('12 s');
    expect(formatSpan(59_000)).toBe('59 s');
    expect(formatSpan(65_000)).toBe('1:05');
  });
});

describe('formatTypicalWait (an estimate from measured runs)', () => {
  it('says what the measurements say', () => {
    expect(formatTypicalWait(1200)).toBe('a few seconds');
    expect(formatTypicalWait(38_000)).toBe('about 40 seconds');
    expect(formatTypicalWait(70_000)).toBe('about a minute');
    expect(formatTypicalWait(150_000)).toBe('about 3 minutes');
  });
});

import { hasActiveClass, hasAnyEnrolledClass, isClassActive, listEnrolments } from './active-class';
import {
  bannerDescription,
  bannerTheme,
  BANNER_DISMISSED_STORAGE_KEY,
  countdownRemaining,
  dismissBanner,
  formatCountdown,
  isBannerDismissed,
  shouldShowBanner,
  type BannerPayload,
} from './banner';
import { formatCents } from '../format';
import { productIdFromWatchSlug, watchPath } from './watch-path';

const NOW = new Date('2026-11-21T12:00:00Z');

describe('active-class rule (spec section 4)', () => {
  const past = { classStartDate: '2026-01-01T00:00:00Z', classEndDate: '2026-03-01T00:00:00Z' };
  const current = { classStartDate: '2026-11-01T00:00:00Z', classEndDate: '2026-12-15T00:00:00Z' };

  it('is active while the end date is not past, including the end instant itself', () => {
    expect(isClassActive(current, NOW)).toBe(true);
    expect(isClassActive(past, NOW)).toBe(false);
    expect(isClassActive({ classEndDate: NOW.toISOString() }, NOW)).toBe(true);
    expect(isClassActive({ classEndDate: 'not a date' }, NOW)).toBe(false);
  });

  it('has an active class when at least one enrolment is active', () => {
    expect(hasActiveClass({ a: past, b: current }, NOW)).toBe(true);
    expect(hasActiveClass({ a: past }, NOW)).toBe(false);
    expect(hasActiveClass({}, NOW)).toBe(false);
    expect(hasActiveClass(undefined, NOW)).toBe(false);
  });

  it('separately says whether there is any enrolment at all', () => {
    expect(hasAnyEnrolledClass({ a: past })).toBe(true);
    expect(hasAnyEnrolledClass({})).toBe(false);
    expect(hasAnyEnrolledClass(null)).toBe(false);
  });

  it('lists active classes first', () => {
    expect(listEnrolments({ old: past, now: current }, NOW).map((e) => [e.slug, e.active])).toEqual([
      ['now', true],
      ['old', false],
    ]);
  });
});

describe('home banner', () => {
  const payload: BannerPayload = {
    titleBoldText: 'Holiday sale',
    descriptionText: 'Ends soon',
    descriptionTextAfterCountdown: 'Sale extended!',
    countdownEndDate: '2026-11-21T12:00:10Z',
    url: '/browse',
    specialTheme: 'holiday',
  };
  const at = (iso: string) => new Date(iso).getTime();

  it('shows the countdown text until the end date, then the after-countdown text', () => {
    expect(bannerDescription(payload, at('2026-11-21T12:00:09Z'))).toBe('Ends soon');
    expect(bannerDescription(payload, at('2026-11-21T12:00:10Z'))).toBe('Ends soon');
    expect(bannerDescription(payload, at('2026-11-21T12:00:11Z'))).toBe('Sale extended!');
    expect(countdownRemaining(payload, at('2026-11-21T12:00:00Z'))).toBe(10_000);
    expect(countdownRemaining(payload, at('2026-11-22T00:00:00Z'))).toBe(0);
  });

  it('keeps the main text when no after-countdown text or no end date is given', () => {
    expect(bannerDescription({ ...payload, descriptionTextAfterCountdown: null }, at('2027-01-01T00:00:00Z'))).toBe('Ends soon');
    expect(bannerDescription({ ...payload, countdownEndDate: null }, at('2027-01-01T00:00:00Z'))).toBe('Ends soon');
    expect(countdownRemaining({ ...payload, countdownEndDate: 'soon' }, 0)).toBeNull();
  });

  it('formats the countdown', () => {
    expect(formatCountdown(93_784_000)).toBe('1d 02h 03m 04s');
    expect(formatCountdown(61_000)).toBe('00h 01m 01s');
    expect(formatCountdown(-5)).toBe('00h 00m 00s');
  });

  it('maps specialTheme, anything unknown to none', () => {
    expect(bannerTheme(payload)).toBe('holiday');
    expect(bannerTheme({ specialTheme: 'spring' })).toBe('spring');
    expect(bannerTheme({ specialTheme: 'halloween' })).toBe('none');
    expect(bannerTheme({})).toBe('none');
  });

  it('shows only with the flag on and a payload', () => {
    localStorage.clear();
    expect(shouldShowBanner(true, payload)).toBe(true);
    expect(shouldShowBanner(false, payload)).toBe(false);
    expect(shouldShowBanner(true, null)).toBe(false);
    expect(shouldShowBanner(true, {})).toBe(false);
  });

  it('remembers a dismissal in local storage, and a new campaign shows again', () => {
    localStorage.clear();
    expect(isBannerDismissed(payload)).toBe(false);
    dismissBanner(payload);
    expect(localStorage.getItem(BANNER_DISMISSED_STORAGE_KEY)).not.toBeNull();
    expect(isBannerDismissed(payload)).toBe(true);
    expect(shouldShowBanner(true, payload)).toBe(false);
    expect(shouldShowBanner(true, { ...payload, titleBoldText: 'Spring sale' })).toBe(true);
  });
});

describe('prices and watch addresses', () => {
  it('shows cents in dollars', () => {
    expect(formatCents(4900)).toBe('$49');
    expect(formatCents(1999)).toBe('$19.99');
    expect(formatCents(0)).toBe('$0');
  });

  it('reads the product id after the last dash, keeping a UUID whole', () => {
    expect(productIdFromWatchSlug('intro-to-jazz-piano-42')).toBe('42');
    expect(productIdFromWatchSlug('solo')).toBe('solo');
    expect(productIdFromWatchSlug('ends-with-dash-')).toBeNull();
    expect(productIdFromWatchSlug(undefined)).toBeNull();
    expect(productIdFromWatchSlug('jazz-9b2f4c1e-1a2b-4c3d-8e9f-0a1b2c3d4e5f')).toBe('9b2f4c1e-1a2b-4c3d-8e9f-0a1b2c3d4e5f');
  });

  it('builds the watch address from title and id', () => {
    expect(watchPath({ id: 'p7', title: 'Intro to Jazz Piano!' })).toBe('/watch/intro-to-jazz-piano-p7');
    expect(productIdFromWatchSlug(watchPath({ id: 'p7', title: 'Crème brûlée 101' }).slice('/watch/'.length))).toBe('p7');
  });
});

import { chapterAt, chapterPercent, toChapters } from './chapters';

describe('chapters of a product video', () => {
  const chapters = toChapters([
    { contentId: 'a', title: 'Intro', durationSeconds: 60 },
    { contentId: 'b', title: 'Main', durationSeconds: 120 },
  ]);

  it('lays contents end to end', () => {
    expect(chapters.map((c) => [c.contentId, c.start, c.end])).toEqual([
      ['a', 0, 60],
      ['b', 60, 180],
    ]);
  });

  it('finds the chapter at a position and the percent within it', () => {
    expect(chapterAt(chapters, 0)?.contentId).toBe('a');
    expect(chapterAt(chapters, 60)?.contentId).toBe('b');
    expect(chapterAt(chapters, 500)?.contentId).toBe('b');
    expect(chapterAt([], 5)).toBeNull();
    expect(chapterPercent(chapters[1], 120)).toBe(50);
    expect(chapterPercent(chapters[0], 90)).toBe(100);
  });
});

import { fitChapters } from './chapters';

describe('fitting chapters to the real video length', () => {
  it('keeps each chapter’s share', () => {
    const fitted = fitChapters(
      toChapters([
        { contentId: 'a', title: 'A', durationSeconds: 60 },
        { contentId: 'b', title: 'B', durationSeconds: 180 },
      ]),
      24,
    );
    expect(fitted.map((c) => [c.start, c.end])).toEqual([
      [0, 6],
      [6, 24],
    ]);
  });

  it('splits evenly when no durations are declared, and leaves them alone without a duration', () => {
    const zero = toChapters([
      { contentId: 'a', title: 'A', durationSeconds: 0 },
      { contentId: 'b', title: 'B', durationSeconds: 0 },
    ]);
    expect(fitChapters(zero, 10).map((c) => c.end)).toEqual([5, 10]);
    expect(fitChapters(zero, Number.NaN)).toEqual(zero);
  });
});

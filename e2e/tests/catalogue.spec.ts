import { expect, test, type Page } from '@playwright/test';
import { STUCK_MS } from '../support/waits';
import { signUp } from '../support/accounts';
import { pageErrors } from '../support/page-errors';

/**
 * The catalogue journey against the demo catalogue that scripts/start.mjs seeds: browse with
 * filters that survive a reload, open a class, then — signed in — watch, leave, come back at the
 * saved position, and find the class in the library.
 */

interface ProductCard {
  id: string;
  title: string;
  storefrontSlug: string;
  classSlug: string;
}

/** The session the frontend's auth store keeps in local storage (features/auth/auth-session.ts). */
const AUTH_SESSION_STORAGE_KEY = 'sparkhouse.auth.session';

const slugify = (title: string) =>
  title
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, '');
const watchPath = (p: ProductCard) => `/watch/${slugify(p.title)}-${p.id}`;

/** The part of HTMLVideoElement the test drives (this project's e2e types have no DOM lib). */
interface VideoLike {
  currentTime: number;
  muted: boolean;
  play(): Promise<void>;
  pause(): void;
}
const videoTime = (page: Page) => page.locator('video').evaluate((v) => (v as unknown as VideoLike).currentTime);

test('browse with filters that survive a reload, then open a class', async ({ page }) => {
  const errors = pageErrors(page);
  await page.goto('/browse');
  await expect(page.getByRole('heading', { level: 1, name: 'Browse classes' })).toBeVisible();
  await expect(page.getByRole('list', { name: 'All classes' }).getByRole('listitem').first()).toBeVisible();

  await page.getByRole('tab', { name: 'Top rated' }).click();
  await expect(page).toHaveURL(/view=top/);
  const categories = page.getByRole('group', { name: 'Category' });
  await categories.getByRole('button', { name: 'Music' }).click();
  await expect(page).toHaveURL(/category=music/);
  await expect(categories.getByRole('button', { name: 'Music' })).toHaveAttribute('aria-pressed', 'true');

  // two topics: a comma-separated list in the address
  const topics = page.getByRole('group', { name: 'Topics' });
  const [first, second] = [topics.getByRole('button').nth(0), topics.getByRole('button').nth(1)];
  const firstName = (await first.textContent())!.trim();
  const secondName = (await second.textContent())!.trim();
  await first.click();
  await second.click();
  await expect(page).toHaveURL(/topics=[a-z0-9-]+%2C[a-z0-9-]+|topics=[a-z0-9-]+,[a-z0-9-]+/);

  // a search, debounced into the address
  await page.getByLabel('Search classes').fill('the');
  await expect(page).toHaveURL(/search=the/);
  const url = page.url();

  await page.reload();
  await expect(page).toHaveURL(url);
  await expect(page.getByRole('tab', { name: 'Top rated' })).toHaveAttribute('aria-selected', 'true');
  await expect(page.getByRole('group', { name: 'Category' }).getByRole('button', { name: 'Music' })).toHaveAttribute(
    'aria-pressed',
    'true',
  );
  await expect(page.getByRole('group', { name: 'Topics' }).getByRole('button', { name: firstName })).toHaveAttribute(
    'aria-pressed',
    'true',
  );
  await expect(page.getByRole('group', { name: 'Topics' }).getByRole('button', { name: secondName })).toHaveAttribute(
    'aria-pressed',
    'true',
  );
  await expect(page.getByLabel('Search classes')).toHaveValue('the');
  // either classes or the empty state with its way out
  const results = page.getByRole('list', { name: 'Top rated' });
  const empty = page.getByRole('heading', { name: 'No classes match these filters' });
  await expect(results.or(empty)).toBeVisible();

  if (await empty.isVisible()) {
    await page.getByRole('button', { name: 'Clear filters' }).click();
    await expect(page).toHaveURL(/\/browse\?view=top$/);
  }

  // open a class from the grid
  const card = page.getByRole('list', { name: 'Top rated' }).getByRole('link').first();
  const title = (await card.textContent())!.trim();
  await card.click();
  await expect(page).toHaveURL(/\/classes\/[a-z0-9-]+\/[a-z0-9-]+$/);
  await expect(page.getByRole('heading', { level: 1, name: title })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'What is inside' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Buy this class' })).toBeVisible();
  // the cover is sharp at the width it is shown (no 640 px picture stretched across the page)
  const cover = page.locator('.class-page__cover img');
  await expect
    .poll(() => cover.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth >= img.clientWidth * devicePixelRatio))
    .toBe(true);
  // and the lessons it lists add up to the length of the video it plays, numbered once
  const lessons = page
    .getByRole('list')
    .filter({ has: page.locator('.contents-list__item') })
    .locator('.contents-list__item');
  expect(await lessons.locator('.contents-list__title').allTextContents()).not.toContainEqual(expect.stringMatching(/^\d/));
  const seconds = (await lessons.locator('.contents-list__duration').allTextContents()).map((t) => {
    const [m, s] = t.replace('Duration', '').trim().split(':').map(Number);
    return m * 60 + s;
  });
  expect(seconds.reduce((a, b) => a + b, 0)).toBe(20);
  expect(errors).toEqual([]);
});

test('watching needs an account, resumes at the saved position, and lands in the library', async ({ page, request, context }) => {
  const { products } = (await (await request.get('/api/getProducts?limit=1&sort=popular')).json()) as { products: ProductCard[] };
  const product = products[0];

  // signed out: a sign-in prompt, not an error
  await page.goto(watchPath(product));
  await expect(page.getByRole('heading', { name: 'Sign in to watch' })).toBeVisible();
  await expect(page.locator('video')).toHaveCount(0);

  const { session, accessToken } = await signUp(request, { emailPrefix: 'learner', firstName: 'Lea', lastName: 'Learner' });
  await context.addInitScript(
    ([key, value]) =>
      (globalThis as unknown as { localStorage: { setItem(k: string, v: string): void } }).localStorage.setItem(key, value),
    [AUTH_SESSION_STORAGE_KEY, JSON.stringify(session)],
  );
  await page.reload();

  const video = page.locator('video');
  await expect(video).toBeVisible();
  await expect(video).toHaveAttribute('src', /\/api\/media\/videos\//);
  await expect(page.getByRole('status').filter({ hasText: /Resumed/ })).toHaveCount(0);
  await video.evaluate(async (element) => {
    const v = element as unknown as VideoLike;
    v.muted = true;
    await v.play();
  });
  await expect.poll(() => videoTime(page), { timeout: STUCK_MS }).toBeGreaterThan(4);
  await video.evaluate((element) => (element as unknown as VideoLike).pause());

  // the pause saved the position: read it back as the server has it
  const progress = async () => {
    const res = await request.get(`/api/getProductProgress?product_id=${product.id}`, {
      headers: { authorization: `Bearer ${accessToken}` },
    });
    return (
      ((await res.json()) as { progress: { resume: { position_in_seconds: number } | null } }).progress.resume
        ?.position_in_seconds ?? 0
    );
  };
  await expect.poll(progress, { timeout: STUCK_MS }).toBeGreaterThanOrEqual(4);
  const saved = await progress();

  await page.reload();
  await expect(page.getByRole('status').filter({ hasText: 'Resumed at' })).toBeVisible();
  await expect.poll(() => videoTime(page)).toBeGreaterThan(saved - 1);

  await page.goto('/library');
  await expect(page.getByRole('heading', { level: 1, name: 'Your library' })).toBeVisible();
  const row = page.getByRole('listitem').filter({ has: page.getByRole('link', { name: product.title, exact: true }) });
  await expect(row).toBeVisible();
  await expect(row.getByRole('progressbar')).toBeVisible();
  await expect(row).toContainText('Last watched');
});

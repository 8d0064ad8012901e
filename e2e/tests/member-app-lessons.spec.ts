import fs from 'node:fs';
import { expect, test } from '@playwright/test';
import { signUp } from '../support/accounts';
import { signedIn } from '../support/creator-apps';
import { writePdf, writeVideo } from '../support/media-fixtures';
import { onboarded, pricedPublishedApp, startTrialFromPaywall } from '../support/member-app';
import { STUCK_MS } from '../support/waits';

/**
 * Guided lessons (issue 29): in the builder's Lessons tab a creator makes a video of the app's library a
 * lesson of phase 1 (and a PDF one of phase 2, moves it to phase 1, orders the phase, removes it) with
 * the keyboard;
 * a member of the app finds the video in the app's Lessons, plays it, and after a reload resumes it
 * where they stopped.
 */
test('a creator marks a video as a lesson of a phase; a member of the app sees it, plays it and resumes it', async ({
  browser,
  request,
}) => {
  test.setTimeout(4 * STUCK_MS);
  const errors: string[] = [];
  const { app, creator } = await pricedPublishedApp(request);
  const headers = { authorization: `Bearer ${creator.accessToken}` };

  // a video and a PDF in the app's library, stored and added as the Media tab does
  const dir = test.info().outputPath('fixtures');
  fs.mkdirSync(dir, { recursive: true });
  for (const [file, mimeType] of [
    [writeVideo(dir, 'warm-up.webm', 8), 'video/webm'],
    [writePdf(dir, 'training-guide.pdf'), 'application/pdf'],
  ] as const) {
    const up = await request.post('/api/media/uploads', {
      headers,
      multipart: { appId: app.appId, file: { name: file.split('/').pop()!, mimeType, buffer: fs.readFileSync(file) } },
    });
    expect(up.status(), await up.text()).toBe(201);
    const uploaded = (await up.json()).response as { url: string; type: string; metadata: Record<string, unknown> };
    const saved = await request.post('/api/app-builder/saveAppMedia', { headers, data: { appId: app.appId, ...uploaded } });
    expect(saved.ok(), await saved.text()).toBe(true);
  }

  // the creator, in the builder's Lessons tab
  const studio = await browser.newContext({ viewport: { width: 1280, height: 900 } });
  await signedIn(studio, creator);
  const builder = await studio.newPage();
  builder.on('pageerror', (e) => errors.push(e.message));
  await builder.goto(`/dashboard/builder?appId=${app.appId}`);
  await builder.getByRole('tab', { name: 'Lessons' }).click();
  await expect(builder.getByRole('heading', { name: 'No lessons yet' })).toBeVisible({ timeout: STUCK_MS });
  await builder.screenshot({ path: test.info().outputPath('lessons-empty.png'), fullPage: true });

  // with the keyboard: the file, its phase and the title members see
  const media = builder.getByLabel('Media', { exact: true });
  await media.focus();
  await media.selectOption({ label: 'warm-up.webm (Video)' });
  await builder.keyboard.press('Tab');
  await expect(builder.getByLabel('Phase', { exact: true })).toBeFocused();
  await builder.getByLabel('Phase', { exact: true }).selectOption('1');
  await builder.getByLabel('Title members see').fill('Warm-up run');
  await builder.getByLabel('Title members see').press('Enter');
  const phase1 = builder.getByRole('list', { name: 'Lessons of phase 1' });
  await expect(phase1.getByTestId('lesson-row')).toHaveText([/Warm-up run\s*Video/], { timeout: STUCK_MS });
  await expect(builder.getByText('“Warm-up run” is a lesson of phase 1.')).toBeVisible();

  // the PDF: phase 2 first, moved to phase 1, then removed
  await media.selectOption({ label: 'training-guide.pdf (PDF)' });
  await builder.getByLabel('Phase', { exact: true }).selectOption('2');
  await builder.getByRole('button', { name: 'Add lesson' }).click();
  await expect(builder.getByRole('list', { name: 'Lessons of phase 2' }).getByTestId('lesson-row')).toHaveText([
    /training-guide\s*PDF/,
  ]);
  await expect(builder.getByText('Every video, audio and PDF of your library is a lesson already.')).toBeVisible();
  await builder.screenshot({ path: test.info().outputPath('lessons-two-phases.png'), fullPage: true });
  await builder.getByLabel('Phase of training-guide').selectOption('1');
  await expect(phase1.getByTestId('lesson-row')).toHaveText([/Warm-up run/, /training-guide/], { timeout: STUCK_MS });
  // its place in the phase: first, then back to last
  await builder.getByRole('button', { name: 'Move training-guide up' }).click();
  await expect(phase1.getByTestId('lesson-row')).toHaveText([/training-guide/, /Warm-up run/], { timeout: STUCK_MS });
  await expect(builder.getByRole('button', { name: 'Move training-guide up' })).toBeDisabled();
  await builder.getByRole('button', { name: 'Move Warm-up run up' }).focus();
  await builder.keyboard.press('Enter');
  await expect(phase1.getByTestId('lesson-row')).toHaveText([/Warm-up run/, /training-guide/], { timeout: STUCK_MS });
  await expect(builder.getByRole('list', { name: 'Lessons of phase 2' })).toHaveCount(0);
  await builder.getByRole('button', { name: 'Remove training-guide from the lessons' }).click();
  await expect(phase1.getByTestId('lesson-row')).toHaveCount(1, { timeout: STUCK_MS });
  const lessons = await request.get(`/api/app-builder/getAppLessons?appId=${app.appId}`, { headers });
  expect((await lessons.json()).response.lessons).toEqual([
    expect.objectContaining({ phaseNumber: 1, title: 'Warm-up run', mediaType: 'video' }),
  ]);
  await builder.screenshot({ path: test.info().outputPath('lessons-builder.png'), fullPage: true });
  await builder.emulateMedia({ colorScheme: 'dark' });
  await builder.screenshot({ path: test.info().outputPath('lessons-builder-dark.png'), fullPage: true });
  await builder.setViewportSize({ width: 390, height: 844 });
  await builder.screenshot({ path: test.info().outputPath('lessons-builder-phone-dark.png'), fullPage: true });

  // a member of the app: Lessons, phase 1, the video plays
  const member = await signUp(request, { emailPrefix: 'member-lessons', firstName: 'Lea', lastName: 'Learner' });
  await onboarded(request, member, app);
  const phone = await browser.newContext({ viewport: { width: 390, height: 844 }, hasTouch: true });
  await signedIn(phone, member);
  const page = await phone.newPage();
  page.on('pageerror', (e) => errors.push(e.message));
  const appPath = `/apps/${app.storefrontSlug}/${app.appSlug}/app`;
  await startTrialFromPaywall(page, appPath, 'Stride Coach', 'Lea Learner');
  await page.getByRole('button', { name: 'Lessons', exact: true }).click();
  const lesson = page.getByRole('listitem').filter({ hasText: 'Warm-up run' });
  await expect(lesson).toContainText(/Phase 1 · .* · VIDEO/);
  await expect(lesson).toContainText('Not started');
  await lesson.getByRole('button', { name: 'Play' }).click();
  const video = lesson.locator('video');
  await expect(video).toBeVisible();
  await video.evaluate((el) => {
    const v = el as unknown as { muted: boolean; play(): Promise<void> };
    v.muted = true;
    return v.play();
  });
  await expect
    .poll(() => video.evaluate((el) => (el as unknown as { currentTime: number }).currentTime), { timeout: STUCK_MS })
    .toBeGreaterThan(2);
  await page.screenshot({ path: test.info().outputPath('member-lesson-playing.png'), fullPage: true });
  await video.evaluate((el) => (el as unknown as { pause(): void }).pause());
  const memberHeaders = { authorization: `Bearer ${member.accessToken}` };
  let saved = 0;
  await expect
    .poll(
      async () => {
        const home = await request.get(`/api/apps/member/${app.storefrontSlug}/${app.appSlug}/home`, { headers: memberHeaders });
        saved = ((await home.json()).response.lessons as { positionInSeconds: number }[])[0]?.positionInSeconds ?? 0;
        return saved;
      },
      { timeout: STUCK_MS },
    )
    .toBeGreaterThan(2);

  // after a reload: Resume, from where it stopped
  await page.reload();
  await page.getByRole('button', { name: 'Lessons', exact: true }).click();
  await expect(lesson).toContainText('% done', { timeout: STUCK_MS });
  await lesson.getByRole('button', { name: 'Resume' }).click();
  await expect
    .poll(() => lesson.locator('video').evaluate((el) => (el as unknown as { currentTime: number }).currentTime), {
      timeout: STUCK_MS,
    })
    .toBeGreaterThanOrEqual(Math.floor(saved) - 1);
  await page.emulateMedia({ colorScheme: 'dark' });
  await page.screenshot({ path: test.info().outputPath('member-lessons-dark.png'), fullPage: true });
  expect(errors).toEqual([]);
  await studio.close();
  await phone.close();
});

import fs from 'node:fs';
import { expect, test } from '@playwright/test';
import { signUp } from '../support/accounts';
import { newApp, signedIn } from '../support/creator-apps';
import { writePdf, writePng, writeVideo } from '../support/media-fixtures';
import { STUCK_MS } from '../support/waits';
import { pageErrors } from '../support/page-errors';

/**
 * The media library (issue 11, journey a, its upload part): a creator drops an image, a video and a PDF
 * on the builder's Media tab and watches each upload's progress bar, finds them in the grid with their
 * thumbnails, filters by kind, plays the video in the preview and steps to the next file, deletes the
 * PDF after confirming, and keyboard alone reaches it all. Fixtures are made when the journey runs.
 */
test('a creator uploads an image, a video and a PDF with progress bars, sees them in the grid, previews and deletes', async ({
  page,
  request,
  context,
}) => {
  test.setTimeout(3 * STUCK_MS);
  const errors = pageErrors(page);
  const dir = test.info().outputPath('fixtures');
  fs.mkdirSync(dir, { recursive: true });
  const image = await writePng(dir, 'track-at-dawn.png');
  const video = writeVideo(dir, 'warm-up.webm');
  const pdf = writePdf(dir, 'training-guide.pdf');

  const creator = await signUp(request, { emailPrefix: 'media-creator', firstName: 'Mia', lastName: 'Media' });
  const { appId } = await newApp(request, creator, { name: 'Stride Media' });
  await signedIn(context, creator);

  // an empty library first
  await page.goto(`/dashboard/builder?appId=${appId}`);
  await page.getByRole('tab', { name: 'Media' }).click();
  await expect(page.getByRole('heading', { name: 'No media yet' })).toBeVisible({ timeout: STUCK_MS });

  // uploads are slowed to ~1.5 MB/s so their progress can be watched
  const cdp = await context.newCDPSession(page);
  await cdp.send('Network.enable');
  await cdp.send('Network.emulateNetworkConditions', {
    offline: false,
    latency: 20,
    downloadThroughput: -1,
    uploadThroughput: 1.5 * 1024 * 1024,
  });

  // drop the three files on the drop zone
  const files = [
    { path: image, type: 'image/png' },
    { path: video, type: 'video/webm' },
    { path: pdf, type: 'application/pdf' },
  ].map((f) => ({ name: f.path.split('/').pop()!, type: f.type, data: fs.readFileSync(f.path).toString('base64') }));
  const dataTransfer = await page.evaluateHandle((list) => {
    const dt = new DataTransfer();
    for (const f of list) {
      const bytes = Uint8Array.from(atob(f.data), (c) => c.charCodeAt(0));
      dt.items.add(new File([bytes], f.name, { type: f.type }));
    }
    return dt;
  }, files);
  await page.getByTestId('media-drop').dispatchEvent('drop', { dataTransfer });

  const uploads = page.getByRole('region', { name: 'Uploads' });
  const videoBar = uploads.getByRole('progressbar', { name: 'Uploading warm-up.webm' });
  await expect(uploads.getByRole('progressbar')).toHaveCount(3);
  // the video's bar moves through the middle: progress as the bytes leave the browser
  await expect
    .poll(
      async () => {
        const now = Number(await videoBar.getAttribute('aria-valuenow'));
        return now > 0 && now < 100;
      },
      { timeout: STUCK_MS, intervals: [50] },
    )
    .toBe(true);
  await page.screenshot({ path: test.info().outputPath('media-uploading.png'), fullPage: true });
  for (const name of ['track-at-dawn.png', 'warm-up.webm', 'training-guide.pdf']) {
    await expect(uploads.getByRole('progressbar', { name: `Uploading ${name}` })).toHaveAttribute('aria-valuenow', '100', {
      timeout: STUCK_MS,
    });
  }
  await expect(uploads.getByText('Added')).toHaveCount(3, { timeout: STUCK_MS });
  await cdp.send('Network.emulateNetworkConditions', {
    offline: false,
    latency: 0,
    downloadThroughput: -1,
    uploadThroughput: -1,
  });

  // the grid: newest first; the image's thumbnail and the video's poster frame come from the reading
  // job a moment after the upload was answered, pushed to the page (no reload)
  const grid = page.getByRole('list', { name: 'Media library' });
  const cards = grid.getByTestId('media-card');
  await expect(cards).toHaveCount(3, { timeout: STUCK_MS });
  await expect(grid.locator('[data-type="image"] img')).toBeVisible({ timeout: STUCK_MS });
  await expect(grid.locator('[data-type="video"] img')).toBeVisible({ timeout: STUCK_MS });
  await expect(grid.getByText('Preparing preview…')).toHaveCount(0);
  await expect(grid.locator('[data-type="image"] img')).toHaveJSProperty('complete', true);
  await expect
    .poll(() => grid.locator('[data-type="image"] img').evaluate((img: HTMLImageElement) => img.naturalWidth))
    .toBe(640);
  await expect
    .poll(() => grid.locator('[data-type="video"] img').evaluate((img: HTMLImageElement) => img.naturalWidth))
    .toBe(640);
  await expect(grid.locator('[data-type="video"]')).toContainText('Video · 0:04');
  await page.screenshot({ path: test.info().outputPath('media-grid.png'), fullPage: true });

  // filter by kind
  await page.getByRole('button', { name: 'Videos', exact: true }).click();
  await expect(cards).toHaveCount(1);
  await expect(cards.first()).toHaveAttribute('data-type', 'video');
  await page.getByRole('button', { name: 'All', exact: true }).click();
  await expect(cards).toHaveCount(3);

  // preview the video: it plays from its signed URL (byte ranges), 4 seconds long
  await page.getByRole('button', { name: 'Preview warm-up.webm (Video)' }).click();
  const dialog = page.getByRole('dialog', { name: 'warm-up.webm' });
  const player = dialog.locator('video');
  await expect(player).toBeVisible();
  await expect
    .poll(() => player.evaluate((v: HTMLVideoElement) => v.readyState), { timeout: STUCK_MS })
    .toBeGreaterThanOrEqual(1);
  expect(Math.round(await player.evaluate((v: HTMLVideoElement) => v.duration))).toBe(4);
  await page.screenshot({ path: test.info().outputPath('media-preview-video.png') });

  // the arrow keys step through the files in the grid's order (newest first, so which of the two big uploads
  // was saved last decides whether the image comes before or after the video)
  await dialog.getByRole('heading').click();
  const kinds = await cards.evaluateAll((els) => els.map((el) => el.getAttribute('data-type')));
  const steps = kinds.indexOf('image') - kinds.indexOf('video');
  expect(Math.abs(steps)).toBe(1); // the PDF, saved first, is last
  await page.keyboard.press(steps > 0 ? 'ArrowRight' : 'ArrowLeft');
  const imageDialog = page.getByRole('dialog', { name: 'track-at-dawn.png' });
  await expect(imageDialog.getByRole('img', { name: 'track-at-dawn.png' })).toBeVisible();
  await expect(imageDialog).toContainText('1200 × 800');
  await page.keyboard.press('Escape');
  await expect(imageDialog).toBeHidden();

  // the PDF previews inline; delete it after confirming
  await page.getByRole('button', { name: 'Preview training-guide.pdf (PDF)' }).click();
  await expect(page.getByTitle('PDF: training-guide.pdf')).toBeVisible();
  // a description written from the PDF's own words, kept with the file
  await page.getByRole('dialog').getByRole('button', { name: 'Describe this PDF' }).click();
  const described = page.getByRole('dialog').getByRole('region', { name: 'Description' });
  await expect(described).toContainText(/\(1 page\)\. It begins: “Stride Coach training guide”\./, { timeout: STUCK_MS });
  await expect(described.getByRole('button', { name: 'Describe again' })).toBeVisible({ timeout: STUCK_MS });
  await page.getByRole('dialog').getByRole('button', { name: 'Delete' }).click();
  const confirm = page.getByRole('dialog', { name: 'Delete this file?' });
  await expect(confirm).toContainText('“training-guide.pdf” will be removed');
  await confirm.getByRole('button', { name: 'Delete' }).click();
  await expect(cards).toHaveCount(2, { timeout: STUCK_MS });
  await expect(page.getByText('“training-guide.pdf” was deleted.')).toBeVisible();

  // keyboard only: Tab reaches a card, Enter opens its preview
  await page.getByRole('button', { name: 'Images', exact: true }).focus();
  await page.keyboard.press('Enter');
  await expect(cards).toHaveCount(1);
  await page.keyboard.press('Tab');
  await page.keyboard.press('Tab');
  await page.keyboard.press('Tab');
  await page.keyboard.press('Tab');
  await expect(page.getByRole('button', { name: 'Preview track-at-dawn.png (Image)' })).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(page.getByRole('dialog', { name: 'track-at-dawn.png' })).toBeVisible();
  await page.keyboard.press('Escape');

  // the dark theme
  await page.emulateMedia({ colorScheme: 'dark' });
  await page.evaluate(() => localStorage.setItem('sparkhouse.theme', 'dark'));
  await page.reload();
  await expect(page.getByRole('list', { name: 'Media library' }).getByTestId('media-card')).toHaveCount(2, { timeout: STUCK_MS });
  await page.screenshot({ path: test.info().outputPath('media-grid-dark.png'), fullPage: true });

  // several files at once: a question about the image, then a new picture made from both files
  const library = page.getByRole('list', { name: 'Media library' });
  await library.getByRole('checkbox', { name: 'Select track-at-dawn.png' }).check();
  const one = page.getByRole('region', { name: '1 file selected' });
  await one.getByLabel('What do you want to know about them?').fill('What colours are in it?');
  await one.getByRole('button', { name: 'Analyze the files' }).click();
  await expect(one.getByRole('region', { name: 'Analysis' })).toContainText('1200×800', { timeout: STUCK_MS });
  await library.getByRole('checkbox', { name: 'Select warm-up.webm' }).check();
  const two = page.getByRole('region', { name: '2 files selected' });
  await two.getByRole('button', { name: 'Make an image from these' }).click();
  await two.getByLabel('What should the new image be?').fill('A poster for the morning run');
  await two.getByRole('button', { name: 'Make the image' }).click();
  await expect(two.getByText('The new image is in your media library.')).toBeVisible({ timeout: STUCK_MS });
  await expect(library.getByTestId('media-card')).toHaveCount(3, { timeout: STUCK_MS });
  await page.screenshot({ path: test.info().outputPath('media-made-image-dark.png'), fullPage: true });

  expect(errors).toEqual([]);
});

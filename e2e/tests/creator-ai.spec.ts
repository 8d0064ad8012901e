import { expect, test, type APIRequestContext, type BrowserContext } from '@playwright/test';
import { signUp } from '../support/accounts';
import { newApp, signedIn } from '../support/creator-apps';
import { STUCK_MS } from '../support/waits';

/** A signed-in creator with an app of their own, made through the API. */
async function creatorWithApp(request: APIRequestContext, context: BrowserContext, name: string) {
  const creator = await signUp(request, { emailPrefix: 'ai-creator', firstName: 'Ada', lastName: 'Assets' });
  const { appId } = await newApp(request, creator, { name, prompt: 'A sourdough baking companion with weekend schedules' });
  await signedIn(context, creator);
  return { appId, accessToken: creator.accessToken };
}

test('a creator generates a new app image and sees it become the app’s image', async ({ page, request, context }) => {
  test.setTimeout(2 * STUCK_MS);
  const { appId } = await creatorWithApp(request, context, 'Crumb Club');
  await page.goto(`/dashboard/builder?appId=${appId}`);
  await expect(page.getByRole('heading', { level: 1, name: 'Crumb Club' })).toBeVisible({ timeout: STUCK_MS });

  await page.getByRole('button', { name: 'New image' }).click();
  const dialog = page.getByRole('dialog', { name: 'A new app image' });
  await dialog.getByLabel('What should it show? (optional)').fill('a warm loaf of bread at sunrise');
  await dialog.getByRole('button', { name: 'Generate image' }).click();
  await expect(dialog.getByText('This is now the app’s image.')).toBeVisible({ timeout: STUCK_MS });
  const newImage = await dialog.getByRole('img', { name: 'Crumb Club’s new app image' }).getAttribute('src');
  expect(newImage).toMatch(/\.png$/);
  await page.screenshot({ path: test.info().outputPath('new-app-image.png') });
  await dialog.getByRole('button', { name: 'Done' }).click();

  // the builder's header shows the new image
  await expect(page.getByRole('img', { name: 'Crumb Club app image' })).toHaveAttribute('src', newImage!);
});

test('a creator draws a new hero picture and store screenshots for the landing page and sees them in the preview', async ({
  page,
  request,
  context,
}) => {
  test.setTimeout(2 * STUCK_MS);
  const { appId, accessToken } = await creatorWithApp(request, context, 'Loaf Lab');
  const saved = await request.post('/api/apps/saveAppLandingPageInfo', {
    headers: { authorization: `Bearer ${accessToken}` },
    data: {
      appId,
      landingPageInfo: {
        hero: { title: 'Bake better bread', subtitle: 'Weekend sourdough plans', cta: 'Start baking' },
        sections: [
          { kind: 'features', title: 'Starter care', body: 'Feed it twice on Friday.' },
          { kind: 'story', title: 'Shaping the dough', body: 'Gently, after the bulk rise.' },
        ],
        pricingCopy: { monthly: '$5 a month', annual: '$50 a year' },
      },
    },
  });
  expect(saved.ok(), await saved.text()).toBe(true);

  await page.goto(`/dashboard/builder?appId=${appId}&tab=landing-page`);
  const pictures = page.getByRole('region', { name: 'Pictures' });
  await expect(pictures).toBeVisible({ timeout: STUCK_MS });
  const preview = page.getByRole('region', { name: 'Landing page preview' });

  await pictures.getByLabel('Instructions (optional)').fill('golden morning light');
  await pictures.getByRole('button', { name: 'Generate' }).click();
  await expect(preview.getByRole('img', { name: 'Bake better bread' })).toBeVisible({ timeout: STUCK_MS });

  await pictures.getByLabel('Make a new').selectOption({ label: 'Set of store screenshots' });
  await pictures.getByRole('button', { name: 'Generate' }).click();
  const screens = preview.getByRole('list', { name: 'Screenshots' }).getByRole('listitem');
  await expect(screens).toHaveCount(3, { timeout: STUCK_MS });
  await expect(screens.first()).toContainText('Bake better bread');
  // the hero picture stayed: the screenshots are a new version of the page that had it
  await expect(preview.getByRole('img', { name: 'Bake better bread' })).toBeVisible();
  await preview.scrollIntoViewIfNeeded();
  await page.screenshot({ path: test.info().outputPath('landing-pictures.png'), fullPage: true });
});

test('a creator adds a link in the Media tab: previews it, then reads a description written from the page', async ({
  page,
  request,
  context,
  baseURL,
}) => {
  test.setTimeout(2 * STUCK_MS);
  const { appId } = await creatorWithApp(request, context, 'Link Lab');
  await page.goto(`/dashboard/builder?appId=${appId}&tab=media`);
  const links = page.getByRole('region', { name: 'Add a link' });
  await expect(links).toBeVisible({ timeout: STUCK_MS });

  // the product's own home page (the browser tests allow this one loopback address)
  await links.getByLabel('Web address').fill(`${baseURL}/`);
  await links.getByRole('button', { name: 'Preview' }).click();
  const card = links.getByRole('article', { name: 'Link preview' });
  await expect(card.getByRole('link', { name: 'Sparkhouse' })).toBeVisible({ timeout: STUCK_MS });
  await expect(card).toContainText('online classes from great teachers');

  await card.getByRole('button', { name: 'Describe this page' }).click();
  const description = card.getByLabel('Description');
  // the home page's own title and site name, as its head gives them (issue 28's tags)
  await expect(description).toContainText('A web page from Sparkhouse titled “Sparkhouse · ', { timeout: STUCK_MS });
  await expect(description).toContainText('Written by the built-in describer');
  await links.screenshot({ path: test.info().outputPath('link-described.png') });

  // a private address is refused with the reason
  await links.getByLabel('Web address').fill('http://169.254.169.254/latest/meta-data/');
  await links.getByRole('button', { name: 'Preview' }).click();
  await expect(links.getByRole('alert')).toContainText(
    'Failed to fetch link preview: That address is not on the public internet.',
    {
      timeout: STUCK_MS,
    },
  );
});

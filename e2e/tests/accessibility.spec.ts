import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Page } from '@playwright/test';

/**
 * axe-core over every route of the web app as a first-time visitor sees it (light and dark theme):
 * no serious or critical violation (contrast, names of controls and images, landmarks, ARIA).
 */
interface ProductCard {
  id: string;
  title: string;
  storefrontSlug: string;
  classSlug: string;
}

const slugify = (title: string) =>
  title
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, '');

async function routes(request: Page['request']): Promise<string[]> {
  const { products } = (await (await request.get('/api/getProducts?limit=1&sort=popular')).json()) as { products: ProductCard[] };
  const collections = (await (await request.get('/api/getAllProductCollections')).json()) as
    { slug?: string }[] | { collections?: { slug: string }[] };
  const collection = Array.isArray(collections) ? collections[0]?.slug : collections.collections?.[0]?.slug;
  const [p] = products;
  return [
    '/',
    '/browse',
    '/browse?search=photgraphy',
    `/classes/${p.storefrontSlug}/${p.classSlug}`,
    ...(collection ? [`/collections/${collection}`] : []),
    '/schools/music',
    '/school/music',
    `/watch/${slugify(p.title)}-${p.id}`,
    '/library',
    '/dashboard',
    '/dashboard/classes',
    '/dashboard/builder',
    '/build',
    '/creator',
    '/v2/dashboard',
    '/v2/classes',
    '/v2/sparks',
    '/cart',
    '/checkout',
    '/checkout/success',
    '/checkout/cancel',
    '/_app',
    '/apps/no-such-store/no-such-app/onboarding',
    '/terms',
    '/privacy',
    '/ops/jobs',
    '/no/such/page',
  ];
}

const serious = (impact: string | null | undefined) => impact === 'serious' || impact === 'critical';

test('every route has no serious or critical accessibility violation (axe-core), in both themes', async ({ page }) => {
  // ~30 routes x 2 themes, each settled and analysed: minutes on a busy 2-core machine
  test.setTimeout(900_000);
  const found: string[] = [];
  for (const theme of ['light', 'dark'] as const) {
    await page.emulateMedia({ colorScheme: theme });
    for (const route of await routes(page.request)) {
      await page.goto(route);
      await expect(page.getByRole('heading', { level: 1 }).first()).toBeVisible();
      // loading states settle into what a visitor reads (axe checks what is on screen)
      await expect(page.locator('.state-box--loading, .skeleton, [aria-busy="true"]:not(button)')).toHaveCount(0);
      const result = await new AxeBuilder({ page }).analyze();
      for (const v of result.violations.filter((x) => serious(x.impact))) {
        const targets = v.nodes
          .slice(0, 3)
          .map((n) => n.target.join(' '))
          .join(' | ');
        found.push(`${theme} ${route}: ${v.id} (${v.impact}) ${v.help} — ${targets}`);
      }
    }
  }
  expect(found).toEqual([]);
});

import type { catalogue } from '@sparkhouse/contracts';
import { absoluteUrl, shortText, SITE_NAME, type PageHead } from '../../../platform/http/page-head';
import type { PreloadHint } from '../../../platform/http/page-hints';
import { coverSrcSet } from '../domain/media-paths';

/**
 * The heads of the catalogue's public pages: what search engines and link previews read, and the
 * schema.org data of the classes (a Course and a Product with its price), collections and schools
 * (lists of courses).
 */

export const classPath = (p: Pick<catalogue.Product, 'storefrontSlug' | 'classSlug'>) =>
  `/classes/${p.storefrontSlug}/${p.classSlug}`;
export const collectionPath = (c: Pick<catalogue.ProductCollection, 'slug' | 'programType'>) =>
  c.programType === 'school' ? (c.slug === 'music' ? '/school/music' : `/schools/${c.slug}`) : `/collections/${c.slug}`;

/** A cover the API draws is served at these widths; the class and collection pages show it this wide (the web app's COVER_SIZES.page). */
const PAGE_COVER_WIDTHS = [480, 960, 1440, 1920];
const PAGE_COVER_SIZES = '(max-width: 1200px) 100vw, 1200px';
const GENERATED_COVER = /^\/api\/media\/covers\/[a-z0-9][a-z0-9_-]*\.webp$/i;

/** The page's cover, its largest paint, asked for with the head (the same srcset and sizes as its <img>). */
export function coverPreload(url: string): PreloadHint[] {
  if (!url) return [];
  const generated = GENERATED_COVER.test(url);
  return [
    {
      as: 'image',
      href: url,
      imageSrcSet: generated ? coverSrcSet(url, PAGE_COVER_WIDTHS) : undefined,
      imageSizes: generated ? PAGE_COVER_SIZES : undefined,
      fetchPriority: 'high',
    },
  ];
}

/** "19.00" for 1900 cents: schema.org prices are decimal numbers without a currency sign. */
export const decimalPrice = (cents: number) => (cents / 100).toFixed(2);

/** An ISO 8601 duration ("PT1H5M") for seconds. */
export function isoDuration(seconds: number): string {
  const minutes = Math.max(1, Math.round(seconds / 60));
  const hours = Math.floor(minutes / 60);
  return `PT${hours ? `${hours}H` : ''}${minutes % 60 ? `${minutes % 60}M` : ''}`;
}

const organization = (publicUrl: string) => ({
  '@type': 'Organization',
  name: SITE_NAME,
  url: absoluteUrl(publicUrl, '/'),
  logo: absoluteUrl(publicUrl, '/favicon.svg'),
});

const breadcrumbs = (publicUrl: string, crumbs: readonly [name: string, path: string][]) => ({
  '@context': 'https://schema.org',
  '@type': 'BreadcrumbList',
  itemListElement: crumbs.map(([name, path], i) => ({
    '@type': 'ListItem',
    position: i + 1,
    name,
    item: absoluteUrl(publicUrl, path),
  })),
});

/** What the site says of itself (index.html's description too): the home page's description. */
export const SITE_DESCRIPTION = 'Sparkhouse: online classes from great teachers, and a studio to build your own app.';

export function homeHead(home: { hero: catalogue.HeroData }, publicUrl: string): PageHead {
  return {
    title: `${SITE_NAME} · ${home.hero.title}`,
    description: SITE_DESCRIPTION,
    canonicalPath: '/',
    image: home.hero.backgroundUrl,
    imageAlt: home.hero.title,
    structuredData: [
      {
        '@context': 'https://schema.org',
        '@type': 'WebSite',
        name: SITE_NAME,
        url: absoluteUrl(publicUrl, '/'),
        potentialAction: {
          '@type': 'SearchAction',
          target: { '@type': 'EntryPoint', urlTemplate: `${absoluteUrl(publicUrl, '/browse')}?search={search_term_string}` },
          'query-input': 'required name=search_term_string',
        },
      },
      { '@context': 'https://schema.org', ...organization(publicUrl) },
    ],
  };
}

export function classHead(product: catalogue.Product, publicUrl: string, now = Date.now()): PageHead {
  const path = classPath(product);
  const url = absoluteUrl(publicUrl, path);
  const description =
    product.description.trim() || `${product.title}, an online class by ${product.creator.name} on ${SITE_NAME}.`;
  const image = product.media.coverUrl ? absoluteUrl(publicUrl, product.media.coverUrl) : undefined;
  const upcoming = new Date(product.releaseDate).getTime() > now;
  const offer = {
    '@type': 'Offer',
    price: decimalPrice(product.priceInfo.priceInCents),
    priceCurrency: product.priceInfo.currency.toUpperCase(),
    category: product.priceInfo.priceInCents === 0 ? 'Free' : 'Paid',
    availability: upcoming ? 'https://schema.org/PreOrder' : 'https://schema.org/InStock',
    url,
  };
  const rating =
    product.ratingCount > 0
      ? {
          '@type': 'AggregateRating',
          ratingValue: Number(product.rating.toFixed(1)),
          ratingCount: product.ratingCount,
          bestRating: 5,
          worstRating: 1,
        }
      : undefined;
  const creator = { '@type': 'Person', name: product.creator.name };
  const category = product.category.replace(/-/g, ' ');
  return {
    title: product.title,
    description,
    canonicalPath: path,
    image: product.media.coverUrl || undefined,
    imageAlt: product.title,
    type: 'website',
    preload: coverPreload(product.media.coverUrl),
    structuredData: [
      {
        '@context': 'https://schema.org',
        '@type': 'Course',
        '@id': `${url}#course`,
        name: product.title,
        description: shortText(description, 500),
        url,
        image,
        inLanguage: 'en',
        provider: organization(publicUrl),
        creator,
        about: [category, ...product.topics, ...product.genres].map((t) => t.replace(/-/g, ' ')),
        timeRequired: isoDuration(product.media.durationSeconds),
        datePublished: product.releaseDate,
        offers: offer,
        aggregateRating: rating,
        hasCourseInstance: {
          '@type': 'CourseInstance',
          courseMode: 'Online',
          courseWorkload: isoDuration(product.media.durationSeconds),
          instructor: creator,
        },
      },
      {
        '@context': 'https://schema.org',
        '@type': 'Product',
        '@id': `${url}#product`,
        name: product.title,
        description: shortText(description, 500),
        image,
        sku: product.id,
        category,
        brand: { '@type': 'Brand', name: product.creator.name },
        offers: offer,
        aggregateRating: rating,
      },
      breadcrumbs(publicUrl, [
        ['Home', '/'],
        ['Browse', '/browse'],
        [product.title, path],
      ]),
    ],
  };
}

export function collectionHead(collection: catalogue.ProductCollection, publicUrl: string): PageHead {
  const path = collectionPath(collection);
  const url = absoluteUrl(publicUrl, path);
  const kind = collection.programType === 'school' ? 'school' : 'collection';
  const count = collection.products.length;
  const description =
    collection.description.trim() ||
    `${collection.title}: a ${kind} of ${count} online ${count === 1 ? 'class' : 'classes'} on ${SITE_NAME}.`;
  const image = collection.coverUrl ? absoluteUrl(publicUrl, collection.coverUrl) : undefined;
  return {
    title: collection.title,
    description,
    canonicalPath: path,
    image: collection.coverUrl || undefined,
    imageAlt: collection.title,
    preload: coverPreload(collection.coverUrl),
    structuredData: [
      {
        '@context': 'https://schema.org',
        '@type': 'CollectionPage',
        '@id': `${url}#page`,
        name: collection.title,
        description: shortText(description, 500),
        url,
        image,
        isPartOf: { '@type': 'WebSite', name: SITE_NAME, url: absoluteUrl(publicUrl, '/') },
        mainEntity: {
          '@type': 'ItemList',
          numberOfItems: count,
          itemListElement: collection.products.map((p, i) => ({
            '@type': 'ListItem',
            position: i + 1,
            url: absoluteUrl(publicUrl, classPath(p)),
            name: p.title,
          })),
        },
      },
      breadcrumbs(publicUrl, [
        ['Home', '/'],
        [kind === 'school' ? 'Schools' : 'Collections', '/browse?view=collections'],
        [collection.title, path],
      ]),
    ],
  };
}

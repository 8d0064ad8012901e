import { matchPath } from 'react-router';
import { classPageQuery, collectionQuery, homeContentQuery, schoolQuery } from './features/catalogue/catalogue.queries';
import { appLandingQuery, creatorsQuery, storefrontQuery } from './features/storefronts/storefronts.queries';

/** Which call's answer fills which query of a page rendered on the server. */
export interface ServerQuery {
  call: string;
  queryKey: readonly unknown[];
}

type Params = Readonly<Record<string, string | undefined>>;

const SCHOOL = ['src/routes/schools/SchoolPage.tsx'];

/**
 * The pages the API renders (backend PublicPages: home, classes, collections, schools, apps' landing
 * pages, storefronts, creators), by route, with
 * the queries their first render reads; the API sends each call's answer under the call's id.
 */
const PAGES: readonly { route: string; modules?: readonly string[]; queries: (params: Params) => ServerQuery[] }[] = [
  { route: '/', queries: () => [{ call: 'getHomeContent', queryKey: homeContentQuery().queryKey }] },
  {
    route: '/classes/:storefrontSlug/:classSlug',
    modules: ['src/routes/classes/ClassPage.tsx'],
    queries: (p) => [
      { call: 'getProductWithClassSlug', queryKey: classPageQuery(p.storefrontSlug ?? '', p.classSlug ?? '').queryKey },
    ],
  },
  {
    route: '/collections/:slug',
    modules: ['src/routes/collections/CollectionPage.tsx'],
    queries: (p) => [{ call: 'getProductCollectionWithSlug', queryKey: collectionQuery(p.slug ?? '').queryKey }],
  },
  { route: '/school/music', modules: SCHOOL, queries: () => [{ call: 'getSchoolWithSlug', queryKey: schoolQuery('music').queryKey }] },
  { route: '/schools/:slug', modules: SCHOOL, queries: (p) => [{ call: 'getSchoolWithSlug', queryKey: schoolQuery(p.slug ?? '').queryKey }] },
  {
    route: '/apps/:storefrontSlug/:appSlug',
    modules: ['src/routes/storefronts/AppLandingPage.tsx'],
    queries: (p) => [
      { call: 'getAppLanding', queryKey: appLandingQuery(p.storefrontSlug ?? '', p.appSlug ?? '').queryKey },
    ],
  },
  {
    route: '/creators/:storefrontSlug',
    modules: ['src/routes/storefronts/StorefrontPage.tsx'],
    queries: (p) => [{ call: 'getCreatorStorefront', queryKey: storefrontQuery(p.storefrontSlug ?? '').queryKey }],
  },
  {
    route: '/creators',
    modules: ['src/routes/storefronts/CreatorsPage.tsx'],
    queries: () => [{ call: 'getCreators', queryKey: creatorsQuery().queryKey }],
  },
];

/**
 * The queries of the page at `path` and its lazy code modules (as the build's manifest names them: the
 * API inlines their stylesheets), or null when it is not rendered on the server.
 */
export function serverRenderedPage(path: string): { queries: ServerQuery[]; modules: readonly string[] } | null {
  for (const page of PAGES) {
    const match = matchPath({ path: page.route, end: true }, path);
    if (match) return { queries: page.queries(match.params), modules: page.modules ?? [] };
  }
  return null;
}

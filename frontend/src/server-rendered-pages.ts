import type { ArrivalEvent } from '@sparkhouse/contracts/server-render';
import { matchPath } from 'react-router';
import { classPageQuery, collectionQuery, homeContentQuery, schoolQuery } from './features/catalogue/catalogue.queries';
import { creatorsPageEvent, creatorStorefrontEvent, productLandingEvent } from './features/storefronts/screen-events';
import {
  appLandingQuery,
  creatorsQuery,
  storefrontQuery,
  type AppLanding,
  type CreatorSummary,
  type Storefront,
} from './features/storefronts/storefronts.queries';

/** Which call's answer fills which query of a page rendered on the server. */
export interface ServerQuery {
  call: string;
  queryKey: readonly unknown[];
}

type Params = Readonly<Record<string, string | undefined>>;
type Answers = Readonly<Record<string, unknown>>;

const SCHOOL = ['src/routes/schools/SchoolPage.tsx'];

/**
 * The pages the API renders (backend PublicPages: home, classes, collections, schools, apps' landing
 * pages, storefronts, creators), by route, with
 * the queries their first render reads; the API sends each call's answer under the call's id. A page
 * whose component records a screen event on arrival names it (from the same answers, by the same function).
 */
const PAGES: readonly {
  route: string;
  modules?: readonly string[];
  queries: (params: Params) => ServerQuery[];
  screenEvent?: (answers: Answers) => ArrivalEvent | null;
}[] = [
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
  {
    route: '/school/music',
    modules: SCHOOL,
    queries: () => [{ call: 'getSchoolWithSlug', queryKey: schoolQuery('music').queryKey }],
  },
  {
    route: '/schools/:slug',
    modules: SCHOOL,
    queries: (p) => [{ call: 'getSchoolWithSlug', queryKey: schoolQuery(p.slug ?? '').queryKey }],
  },
  {
    route: '/apps/:storefrontSlug/:appSlug',
    modules: ['src/routes/storefronts/AppLandingPage.tsx'],
    queries: (p) => [{ call: 'getAppLanding', queryKey: appLandingQuery(p.storefrontSlug ?? '', p.appSlug ?? '').queryKey }],
    screenEvent: (a) => productLandingEvent((a.getAppLanding as { landing?: AppLanding } | undefined)?.landing),
  },
  {
    route: '/creators/:storefrontSlug',
    modules: ['src/routes/storefronts/StorefrontPage.tsx'],
    queries: (p) => [{ call: 'getCreatorStorefront', queryKey: storefrontQuery(p.storefrontSlug ?? '').queryKey }],
    screenEvent: (a) => creatorStorefrontEvent((a.getCreatorStorefront as { storefront?: Storefront } | undefined)?.storefront),
  },
  {
    route: '/creators',
    modules: ['src/routes/storefronts/CreatorsPage.tsx'],
    queries: () => [{ call: 'getCreators', queryKey: creatorsQuery().queryKey }],
    screenEvent: (a) => creatorsPageEvent((a.getCreators as { creators?: CreatorSummary[] } | undefined)?.creators),
  },
];

/**
 * The queries of the page at `path`, its lazy code modules (as the build's manifest names them: the
 * API inlines their stylesheets) and the screen event its component records on arrival, or null when
 * it is not rendered on the server.
 */
export function serverRenderedPage(path: string): {
  queries: ServerQuery[];
  modules: readonly string[];
  screenEvent: (answers: Answers) => ArrivalEvent | null;
} | null {
  for (const page of PAGES) {
    const match = matchPath({ path: page.route, end: true }, path);
    if (match)
      return { queries: page.queries(match.params), modules: page.modules ?? [], screenEvent: page.screenEvent ?? (() => null) };
  }
  return null;
}

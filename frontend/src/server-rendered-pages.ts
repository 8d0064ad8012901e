import { matchPath } from 'react-router';
import { appLandingQuery, creatorsQuery, storefrontQuery } from './features/storefronts/storefronts.queries';

/** Which call answers fill which query of a page the server renders. */
export interface RenderedQuery {
  call: string;
  queryKey: readonly unknown[];
}

/** Pages rendered on the server whose queries depend on the path (an app's landing page, storefronts). */
const PUBLIC_PAGES: { pattern: string; queries: (params: Record<string, string | undefined>) => RenderedQuery[] }[] = [
  {
    pattern: '/apps/:storefrontSlug/:appSlug',
    queries: (p) => [{ call: 'getAppLanding', queryKey: appLandingQuery(p.storefrontSlug!, p.appSlug!).queryKey }],
  },
  {
    pattern: '/creators/:storefrontSlug',
    queries: (p) => [{ call: 'getCreatorStorefront', queryKey: storefrontQuery(p.storefrontSlug!).queryKey }],
  },
  { pattern: '/creators', queries: () => [{ call: 'getCreators', queryKey: creatorsQuery().queryKey }] },
];

/** The queries of a public page at `path`, or undefined when it is not one. */
export function publicPageQueries(path: string): RenderedQuery[] | undefined {
  for (const page of PUBLIC_PAGES) {
    const match = matchPath(page.pattern, path);
    if (match) return page.queries(match.params);
  }
  return undefined;
}

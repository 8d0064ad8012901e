import type { CallResponse } from '@sparkhouse/contracts';
import { queryOptions } from '@tanstack/react-query';
import { callApi } from '../../api/call-api';
import { storefronts } from '../../api/routes';

export type AppLanding = CallResponse<typeof storefronts.getAppLanding>['landing'];
export type Storefront = CallResponse<typeof storefronts.getCreatorStorefront>['storefront'];
export type CreatorSummary = CallResponse<typeof storefronts.getCreators>['creators'][number];

/** Query keys of the public pages of creators' work. */
export const storefrontKeys = {
  all: ['storefronts'] as const,
  landing: (storefrontSlug: string, appSlug: string) => [...storefrontKeys.all, 'landing', storefrontSlug, appSlug] as const,
  storefront: (storefrontSlug: string) => [...storefrontKeys.all, 'storefront', storefrontSlug] as const,
  creators: () => [...storefrontKeys.all, 'creators'] as const,
};

/** An app's landing page (the server renders it from the same answer: entry-server.tsx). */
export const appLandingQuery = (storefrontSlug: string, appSlug: string) =>
  queryOptions({
    queryKey: storefrontKeys.landing(storefrontSlug, appSlug),
    queryFn: () => callApi(storefronts.getAppLanding, { params: { storefrontSlug, appSlug } }),
    staleTime: 60_000,
  });

export const storefrontQuery = (storefrontSlug: string) =>
  queryOptions({
    queryKey: storefrontKeys.storefront(storefrontSlug),
    queryFn: () => callApi(storefronts.getCreatorStorefront, { params: { storefrontSlug } }),
    staleTime: 60_000,
  });

export const creatorsQuery = () =>
  queryOptions({
    queryKey: storefrontKeys.creators(),
    queryFn: () => callApi(storefronts.getCreators),
    staleTime: 60_000,
  });

/** The page paths of creators' work. */
export const appLandingPath = (a: { storefrontSlug: string; appSlug: string }) => `/apps/${a.storefrontSlug}/${a.appSlug}`;
export const storefrontPath = (storefrontSlug: string) => `/creators/${storefrontSlug}`;

/** The signed-in creator's storefront settings. */
export const myStorefrontQuery = () =>
  queryOptions({
    queryKey: [...storefrontKeys.all, 'mine'] as const,
    queryFn: () => callApi(storefronts.getMyStorefront),
  });

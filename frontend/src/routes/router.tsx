import type { ComponentType } from 'react';
import { createBrowserRouter, redirect, type RouteObject } from 'react-router';
import { HomePage } from './home/HomePage';
import { AppLayout } from './layout/AppLayout';
import { OWN_PAGE_VIEW } from './layout/page-views';
import { RouteError } from './layout/RouteError';
import { NotFoundPage } from './not-found/NotFoundPage';

/** A page loaded on first visit: each area is its own chunk, so the first page stays small. */
const page =
  <M,>(load: () => Promise<M>, pick: (m: M) => ComponentType) =>
  async () => ({ Component: pick(await load()) });

const opsRoutes: RouteObject[] = [
  {
    index: true,
    lazy: page(
      () => import('../features/operations/lazy'),
      (m) => m.OverviewPage,
    ),
  },
  {
    path: 'jobs',
    lazy: page(
      () => import('../features/operations/lazy'),
      (m) => m.JobsPage,
    ),
  },
  {
    path: 'jobs/:runId',
    lazy: page(
      () => import('../features/operations/lazy'),
      (m) => m.JobDetailPage,
    ),
  },
  {
    path: 'events',
    lazy: page(
      () => import('../features/operations/lazy'),
      (m) => m.EventsPage,
    ),
  },
  {
    path: 'projections',
    lazy: page(
      () => import('../features/operations/lazy'),
      (m) => m.ProjectionsPage,
    ),
  },
  {
    path: 'alerts',
    lazy: page(
      () => import('../features/operations/lazy'),
      (m) => m.AlertsPage,
    ),
  },
  {
    path: 'emails',
    lazy: page(
      () => import('../features/operations/lazy'),
      (m) => m.EmailsPage,
    ),
  },
  {
    path: 'webhooks',
    lazy: page(
      () => import('../features/operations/lazy'),
      (m) => m.WebhooksPage,
    ),
  },
  {
    path: 'analytics',
    lazy: page(
      () => import('../features/operations/lazy'),
      (m) => m.AnalyticsPage,
    ),
  },
  {
    path: 'members',
    lazy: page(
      () => import('../features/operations/lazy'),
      (m) => m.MembersPage,
    ),
  },
  {
    path: 'pipeline-check',
    lazy: page(
      () => import('../features/operations/lazy'),
      (m) => m.PipelineCheckPage,
    ),
  },
];

/** Shown while a page's code loads on first visit (a lazy route), instead of React Router's warning. */
function PageLoading() {
  return <div className="page" aria-busy="true" />;
}

export const routes: RouteObject[] = [
  {
    element: <AppLayout />,
    HydrateFallback: PageLoading,
    children: [
      {
        // Errors render inside the layout, so the header and footer stay usable.
        errorElement: <RouteError />,
        children: [
          { index: true, element: <HomePage /> },
          // The catalogue (browse, classes, collections, schools, watching, library, dashboards).
          {
            path: '/browse',
            lazy: page(
              () => import('./browse/BrowsePage'),
              (m) => m.BrowsePage,
            ),
          },
          {
            path: '/classes/:storefrontSlug/:classSlug',
            lazy: page(
              () => import('./classes/ClassPage'),
              (m) => m.ClassPage,
            ),
          },
          {
            path: '/collections/:slug',
            lazy: page(
              () => import('./collections/CollectionPage'),
              (m) => m.CollectionPage,
            ),
          },
          {
            path: '/schools/:slug',
            lazy: page(
              () => import('./schools/SchoolPage'),
              (m) => m.SchoolPage,
            ),
          },
          {
            path: '/school/music',
            lazy: page(
              () => import('./schools/SchoolPage'),
              (m) =>
                function MusicSchool() {
                  return <m.SchoolPage slug="music" />;
                },
            ),
          },
          {
            path: '/watch/:titleAndId',
            lazy: page(
              () => import('./watch/WatchPage'),
              (m) => m.WatchPage,
            ),
          },
          {
            path: '/library',
            lazy: page(
              () => import('./library/LibraryPage'),
              (m) => m.LibraryPage,
            ),
          },
          {
            path: '/dashboard',
            lazy: page(
              () => import('./dashboard/DashboardPages'),
              (m) => m.DashboardPage,
            ),
          },
          {
            path: '/dashboard/classes',
            lazy: page(
              () => import('./dashboard/DashboardPages'),
              (m) => m.DashboardClassesPage,
            ),
          },
          // The creator studio: build from an idea or a brainstorm, watch it live, edit it in the builder.
          {
            path: '/dashboard/builder',
            lazy: page(
              () => import('./builder/BuilderPage'),
              (m) => m.BuilderPage,
            ),
          },
          // Creators' public pages: an app's landing page, a creator's storefront, the creators page.
          {
            path: '/apps/:storefrontSlug/:appSlug',
            handle: OWN_PAGE_VIEW,
            lazy: page(
              () => import('./storefronts/AppLandingPage'),
              (m) => m.AppLandingPage,
            ),
          },
          {
            path: '/creators/:storefrontSlug',
            handle: OWN_PAGE_VIEW,
            lazy: page(
              () => import('./storefronts/StorefrontPage'),
              (m) => m.StorefrontPage,
            ),
          },
          {
            path: '/creators',
            lazy: page(
              () => import('./storefronts/CreatorsPage'),
              (m) => m.CreatorsPage,
            ),
          },
          // An app's visitors: its onboarding, with or without an account, then their plan.
          {
            path: '/apps/:storefrontSlug/:appSlug/onboarding',
            lazy: page(
              () => import('./app-onboarding/AppOnboardingPage'),
              (m) => m.AppOnboardingPage,
            ),
          },
          // the member app: an app's members use their plan, check-ins, lessons and reminders
          {
            path: '/apps/:storefrontSlug/:appSlug/app',
            lazy: page(
              () => import('../features/member-app/lazy'),
              (m) => m.MemberAppPage,
            ),
          },
          // the one-click unsubscribe link of a reminder email
          {
            path: '/unsubscribe/reminders',
            lazy: page(
              () => import('../features/member-app/lazy'),
              (m) => m.UnsubscribePage,
            ),
          },
          // an emailed "Email me my plan" link (its token in the fragment): sign in, then the plan is linked
          {
            path: '/apps/:storefrontSlug/:appSlug/onboarding/link',
            lazy: page(
              () => import('./app-onboarding/PlanLinkPage'),
              (m) => m.PlanLinkPage,
            ),
          },
          {
            path: '/build',
            lazy: page(
              () => import('./build/BuildPage'),
              (m) => m.BuildPage,
            ),
          },
          {
            path: '/creator',
            lazy: page(
              () => import('./build/BuildPage'),
              (m) => m.CreatorPage,
            ),
          },
          {
            path: '/v2/dashboard',
            lazy: page(
              () => import('./v2/V2Pages'),
              (m) => m.V2DashboardPage,
            ),
          },
          {
            path: '/v2/classes',
            lazy: page(
              () => import('./v2/V2Pages'),
              (m) => m.V2ClassesPage,
            ),
          },
          {
            path: '/v2/sparks',
            lazy: page(
              () => import('./v2/V2Pages'),
              (m) => m.V2SparksPage,
            ),
          },
          // Commerce: the cart, checkout and the pages the payment provider returns to.
          {
            path: '/cart',
            lazy: page(
              () => import('./cart/CartPage'),
              (m) => m.CartPage,
            ),
          },
          {
            path: '/checkout',
            lazy: page(
              () => import('./checkout/CheckoutPage'),
              (m) => m.CheckoutPage,
            ),
          },
          {
            path: '/checkout/success',
            lazy: page(
              () => import('./checkout/CheckoutResultPages'),
              (m) => m.CheckoutSuccessPage,
            ),
          },
          {
            path: '/checkout/cancel',
            lazy: page(
              () => import('./checkout/CheckoutResultPages'),
              (m) => m.CheckoutCancelPage,
            ),
          },
          // the spec's "application shell" is the layout every page is drawn in, not a page of its own:
          // its address opens the home page
          { path: '/_app', loader: () => redirect('/') },
          {
            path: '/auth/callback',
            lazy: page(
              () => import('./auth/AuthCallbackPage'),
              (m) => m.AuthCallbackPage,
            ),
          },
          {
            path: '/terms',
            lazy: page(
              () => import('./legal/LegalPage'),
              (m) => m.TermsPage,
            ),
          },
          {
            path: '/privacy',
            lazy: page(
              () => import('./legal/LegalPage'),
              (m) => m.PrivacyPage,
            ),
          },
          // The operations console (admins, operators, viewers): its own chunks, never loaded by visitors.
          {
            path: '/ops',
            lazy: page(
              () => import('../features/operations/lazy'),
              (m) => m.OpsLayout,
            ),
            children: opsRoutes,
          },
          { path: '*', element: <NotFoundPage /> },
        ],
      },
    ],
  },
];

export const createRouter = () => createBrowserRouter(routes);
export type AppRouter = ReturnType<typeof createRouter>;

/**
 * Resolves once the router has the first page's code and data (its lazy route loaded): rendered
 * before that, the app shows its loading fallback, a blank page.
 */
export function routerReady(router: AppRouter): Promise<void> {
  if (router.state.initialized) return Promise.resolve();
  return new Promise((resolve) => {
    const stop = router.subscribe((state) => {
      if (!state.initialized) return;
      stop();
      resolve();
    });
  });
}

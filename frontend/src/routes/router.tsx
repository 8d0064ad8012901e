import { createBrowserRouter, type RouteObject } from 'react-router';
import { AuthCallbackPage } from './auth/AuthCallbackPage';
import { placeholderRoutes } from './coming-soon/placeholders';
import { BrowsePage } from './browse/BrowsePage';
import { ClassPage } from './classes/ClassPage';
import { CollectionPage } from './collections/CollectionPage';
import { DashboardClassesPage, DashboardPage } from './dashboard/DashboardPages';
import { HomePage } from './home/HomePage';
import { LibraryPage } from './library/LibraryPage';
import { SchoolPage } from './schools/SchoolPage';
import { V2ClassesPage, V2DashboardPage, V2SparksPage } from './v2/V2Pages';
import { WatchPage } from './watch/WatchPage';
import { AppLayout } from './layout/AppLayout';
import { RouteError } from './layout/RouteError';
import { PrivacyPage, TermsPage } from './legal/LegalPage';
import { NotFoundPage } from './not-found/NotFoundPage';
import { JobsPage } from './operations/JobsPage';

export const routes: RouteObject[] = [
  {
    element: <AppLayout />,
    children: [
      {
        // Errors render inside the layout, so the header and footer stay usable.
        errorElement: <RouteError />,
        children: [
          { index: true, element: <HomePage /> },
          // The catalogue (browse, classes, collections, schools, watching, library, dashboards).
          { path: '/browse', element: <BrowsePage /> },
          { path: '/classes/:storefrontSlug/:classSlug', element: <ClassPage /> },
          { path: '/collections/:slug', element: <CollectionPage /> },
          { path: '/schools/:slug', element: <SchoolPage /> },
          { path: '/school/music', element: <SchoolPage slug="music" /> },
          { path: '/watch/:titleAndId', element: <WatchPage /> },
          { path: '/library', element: <LibraryPage /> },
          { path: '/dashboard', element: <DashboardPage /> },
          { path: '/dashboard/classes', element: <DashboardClassesPage /> },
          { path: '/v2/dashboard', element: <V2DashboardPage /> },
          { path: '/v2/classes', element: <V2ClassesPage /> },
          { path: '/v2/sparks', element: <V2SparksPage /> },
          ...placeholderRoutes,
          { path: '/auth/callback', element: <AuthCallbackPage /> },
          { path: '/terms', element: <TermsPage /> },
          { path: '/privacy', element: <PrivacyPage /> },
          { path: '/ops/jobs', element: <JobsPage /> },
          { path: '*', element: <NotFoundPage /> },
        ],
      },
    ],
  },
];

export const createRouter = () => createBrowserRouter(routes);

import { createBrowserRouter, type RouteObject } from 'react-router';
import { AuthCallbackPage } from './auth/AuthCallbackPage';
import { placeholderRoutes } from './coming-soon/placeholders';
import { HomePage } from './home/HomePage';
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

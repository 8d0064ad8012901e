import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import { useState, type ReactNode } from 'react';
import { RouterProvider } from 'react-router';
import { createQueryClient } from './api/query-client';
import { AuthProvider, type AuthNavigation } from './features/auth';
import { UserProvider } from './features/user';
import { createRouter, type AppRouter } from './routes/router';
import { ToastProvider } from './ui';

/** What every page sits in: the query cache, toasts, the signed-in session and the user. Shared with the server's render. */
export function AppProviders({
  queryClient,
  navigation,
  children,
}: {
  queryClient: QueryClient;
  navigation: AuthNavigation;
  children: ReactNode;
}) {
  return (
    <QueryClientProvider client={queryClient}>
      <ToastProvider>
        <AuthProvider navigation={navigation}>
          <UserProvider>{children}</UserProvider>
        </AuthProvider>
      </ToastProvider>
    </QueryClientProvider>
  );
}

/**
 * The web app; `queryClient` comes in already holding the answers the server rendered the page with, if
 * it did, and `router` already started (see main.tsx) when the caller waits for its first page's code.
 */
export function App({ queryClient: given, router: givenRouter }: { queryClient?: QueryClient; router?: AppRouter } = {}) {
  const [queryClient] = useState(() => given ?? createQueryClient());
  const [router] = useState(() => givenRouter ?? createRouter());
  // Auth sits above the router (its modal is page-wide), so it navigates through the router object.
  const [navigation] = useState<AuthNavigation>(() => ({
    navigate: (to) => void router.navigate(to),
    location: () => router.state.location,
  }));
  return (
    <AppProviders queryClient={queryClient} navigation={navigation}>
      <RouterProvider router={router} />
    </AppProviders>
  );
}

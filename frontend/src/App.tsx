import { QueryClientProvider } from '@tanstack/react-query';
import { useState } from 'react';
import { RouterProvider } from 'react-router';
import { createQueryClient } from './api/query-client';
import { AuthProvider, type AuthNavigation } from './features/auth';
import { UserProvider } from './features/user';
import { createRouter } from './routes/router';
import { ToastProvider } from './ui';

export function App() {
  const [queryClient] = useState(createQueryClient);
  const [router] = useState(createRouter);
  // Auth sits above the router (its modal is page-wide), so it navigates through the router object.
  const [navigation] = useState<AuthNavigation>(() => ({
    navigate: (to) => void router.navigate(to),
    location: () => router.state.location,
  }));
  return (
    <QueryClientProvider client={queryClient}>
      <ToastProvider>
        <AuthProvider navigation={navigation}>
          <UserProvider>
            <RouterProvider router={router} />
          </UserProvider>
        </AuthProvider>
      </ToastProvider>
    </QueryClientProvider>
  );
}

import type { RouteObject } from 'react-router';
import type { ComingSoonProps } from './ComingSoonPage';

/** Routes of the spec's section 2 whose pages later issues build. */
const PLACEHOLDERS: (ComingSoonProps & { path: string })[] = [
  {
    path: '/_app',
    area: 'Application',
    title: 'Application shell',
    description: 'The signed-in application shell.',
    upcoming: ['Navigation for members and creators', 'Your account menu and membership status'],
  },
];

export const placeholderRoutes: RouteObject[] = PLACEHOLDERS.map(({ path, ...props }) => ({
  path,
  // loaded when visited: the first page's bundle stays small
  lazy: async () => {
    const { ComingSoonPage } = await import('./ComingSoonPage');
    return { element: <ComingSoonPage {...props} /> };
  },
}));

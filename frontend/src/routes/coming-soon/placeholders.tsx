import type { RouteObject } from 'react-router';
import { ComingSoonPage, type ComingSoonProps } from './ComingSoonPage';

const quoted = (value: string | undefined) => `“${value ?? ''}”`;

/** Routes of the spec's section 2 whose pages later issues build. */
const PLACEHOLDERS: (ComingSoonProps & { path: string })[] = [
  {
    path: '/_app',
    area: 'Application',
    title: 'Application shell',
    description: 'The signed-in application shell.',
    upcoming: ['Navigation for members and creators', 'Your account menu and membership status'],
  },
  {
    path: '/apps/:storefrontSlug/:appSlug/onboarding',
    area: 'App onboarding',
    title: (p) => `Onboarding for ${quoted(p.appSlug)}`,
    description: 'Start an app without an account; link your answers when you sign up.',
    upcoming: ['The app’s onboarding questions', 'A personalised plan'],
  },
];

export const placeholderRoutes: RouteObject[] = PLACEHOLDERS.map(({ path, ...props }) => ({
  path,
  element: <ComingSoonPage {...props} />,
}));

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
    path: '/dashboard/builder',
    area: 'App builder',
    title: 'App builder',
    description: 'Build, price and publish your app.',
    upcoming: ['Blueprint and landing page editors with version history', 'Pricing tiers (monthly and annual)', 'Publish flow'],
  },
  {
    path: '/build',
    area: 'App builder',
    title: 'Build an app',
    description: 'Turn an idea into a mobile app.',
    upcoming: ['Build from a prompt', 'Brainstorm app ideas', 'Live build progress'],
  },
  {
    path: '/creator',
    area: 'Creators',
    title: 'For creators',
    description: 'Everything a creator needs to launch.',
    upcoming: ['How the app builder works', 'Your creator storefront'],
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

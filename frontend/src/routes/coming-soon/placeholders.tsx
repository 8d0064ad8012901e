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
    path: '/v2/dashboard',
    area: 'New dashboard',
    title: 'Dashboard',
    description: 'The new creator dashboard.',
    upcoming: ['Your apps and their publish state', 'Recent activity and credits'],
  },
  {
    path: '/v2/classes',
    area: 'New dashboard',
    title: 'Classes',
    description: 'Your classes in the new dashboard.',
    upcoming: ['Enrolled classes with start and end dates', 'Progress through each class'],
  },
  {
    path: '/v2/sparks',
    area: 'New dashboard',
    title: 'Sparks',
    description: 'Sparks in the new dashboard.',
    upcoming: ['Your sparks and what they unlock'],
  },
  {
    path: '/browse',
    area: 'Catalogue',
    title: 'Browse classes',
    description: 'The catalogue of classes, collections and schools.',
    upcoming: [
      'Views: All classes, New releases, Top rated, Collections',
      'Search, categories, topics and genres filters',
      'Class cards with waitlist and add-to-cart',
    ],
  },
  {
    path: '/library',
    area: 'Library',
    title: 'Your library',
    description: 'Everything you have access to.',
    upcoming: ['Classes you are enrolled in', 'Continue-watching shortcuts'],
  },
  {
    path: '/dashboard',
    area: 'Dashboard',
    title: 'Dashboard',
    description: 'The classic creator dashboard.',
    upcoming: ['Your apps', 'Landing pages, media and pricing shortcuts'],
  },
  {
    path: '/dashboard/classes',
    area: 'Dashboard',
    title: 'Your classes',
    description: 'Classes in the classic dashboard.',
    upcoming: ['Enrolled classes and membership status'],
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
    path: '/checkout',
    area: 'Checkout',
    title: 'Checkout',
    description: 'Secure checkout through our card payment provider.',
    upcoming: ['Your order summary', 'Payment options with the yearly plan first'],
  },
  {
    path: '/cart',
    area: 'Cart',
    title: 'Your cart',
    description: 'Items you are about to buy.',
    upcoming: ['Cart items, saved to your account once signed in', 'Proceed to checkout'],
  },
  {
    path: '/school/music',
    area: 'Schools',
    title: 'Music school',
    description: 'The music school.',
    upcoming: ['Your current session', 'Lessons and practice plan'],
  },
  {
    path: '/schools/:slug',
    area: 'Schools',
    title: (p) => `School ${quoted(p.slug)}`,
    description: 'A school and its classes.',
    upcoming: ['About the school', 'Its classes and collections'],
  },
  {
    path: '/classes/:storefrontSlug/:classSlug',
    area: 'Classes',
    title: (p) => `Class ${quoted(p.classSlug)}`,
    description: 'A class page.',
    upcoming: ['Trailer and syllabus', 'Join the waitlist or add to cart'],
  },
  {
    path: '/collections/:slug',
    area: 'Collections',
    title: (p) => `Collection ${quoted(p.slug)}`,
    description: 'A curated collection of classes.',
    upcoming: ['The classes in this collection', 'Collection pricing'],
  },
  {
    path: '/watch/:titleAndId',
    area: 'Watch',
    title: (p) => `Watch ${quoted(p.titleAndId)}`,
    description: 'The player for a class or product video.',
    upcoming: ['Video player', 'Sessions and progress'],
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

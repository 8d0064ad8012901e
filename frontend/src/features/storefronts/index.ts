export * from './storefronts.queries';
export { AppLandingView, faqEntry } from './AppLandingView';
export { StorefrontView, CreatorsList, CreatorAvatar, initialsOf } from './StorefrontView';
export { landingPlans, ctaLabel, type LandingPlan, type PlanPeriod } from './landing-pricing';
export { StorefrontSettings } from './StorefrontSettings';
export { productLandingEvent, creatorStorefrontEvent, creatorsPageEvent } from './screen-events';

import { LandingPageSchema, OnboardingFlowSchema, type VisitorContent } from '@sparkhouse/contracts';
import { presentLandingPage } from './landing-page';
import type { AppContent } from './unpublished-changes';

/**
 * What a visitor of the app meets in this version of it: its landing page (without the studio's
 * generation status), onboarding flow and prices. A part that is absent, still being generated or not
 * a whole document is null: the review says there is nothing to show rather than guessing.
 */
export function visitorContent(content: AppContent): VisitorContent {
  const page = LandingPageSchema.safeParse(presentLandingPage(content.landingPage));
  const flow = OnboardingFlowSchema.safeParse(content.onboardingFlow);
  return {
    landingPage: page.success ? page.data : null,
    onboardingFlow: flow.success ? flow.data : null,
    pricing: content.pricing ?? null,
  };
}

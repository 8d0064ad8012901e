import './app-onboarding.css';

export { OnboardingProgress } from './OnboardingProgress';
export { OnboardingStepView, type Answers } from './OnboardingStepView';
export { readPlanStatus, type PlanStatus } from './plan-status';
export {
  publicAppQuery,
  useCompleteOnboarding,
  useCreatePlan,
  useSaveOnboardingState,
  visitorFlowQuery,
  visitorStateQuery,
  type AppAddress,
  visitorKeys,
  visitorPlanQuery,
} from './visitor.queries';

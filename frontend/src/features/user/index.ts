export { UserProvider } from './UserProvider';
export { useUser, type UserContextValue } from './UserContext';
export { displayName, type User, type Subscription } from './user';
export { hasActiveOrTrialSubscription, hasActiveSubscription } from './subscription-status';
export { userKeys } from '../../api/user.queries';
export { basicUserInfoQuery, membershipInfoQuery } from '../../api/user.queries';
export {
  checkEmail,
  checkUserExists,
  confirmEmail,
  createBackendUser,
  creatorHasAnyApp,
  linkAnonymousUser,
  linkOnboardingWithEmail,
  confirmOnboardingLink,
} from '../../api/users-api';
export { AccountMenu } from './AccountMenu';

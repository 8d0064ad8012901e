export { UserProvider } from './UserProvider';
export { useUser, type UserContextValue } from './UserContext';
export { displayName, type User, type Subscription } from './user';
export { hasActiveOrTrialSubscription, hasActiveSubscription } from './subscription-status';
export { userKeys } from './user.queries';

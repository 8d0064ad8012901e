import { createContext, useContext } from 'react';
import type { Subscription, User } from './user';

/** The user context of spec section 3. */
export interface UserContextValue {
  user: User | null;
  loadingCurrentUser: boolean;
  hasActiveSubscription: boolean;
  hasActiveOrTrialSubscription: boolean;
  subscriptions: Subscription[];
  loadingSubscriptions: boolean;
  subscriptionError: string | null;
}

export const SIGNED_OUT_USER: UserContextValue = {
  user: null,
  loadingCurrentUser: false,
  hasActiveSubscription: false,
  hasActiveOrTrialSubscription: false,
  subscriptions: [],
  loadingSubscriptions: false,
  subscriptionError: null,
};

export const UserContext = createContext<UserContextValue>(SIGNED_OUT_USER);

export const useUser = (): UserContextValue => useContext(UserContext);

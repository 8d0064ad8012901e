import { useQuery } from '@tanstack/react-query';
import { useMemo, type ReactNode } from 'react';
import { useAuth } from '../auth/AuthContext';
import { sessionIdentity } from '../auth/auth-session';
import { hasActiveOrTrialSubscription, hasActiveSubscription } from './subscription-status';
import type { Subscription } from './user';
import { UserContext, type UserContextValue } from './UserContext';
import { basicUserInfoQuery } from './user.queries';

/** Subscriptions arrive with the commerce issue; until then every user has none. */
const NO_SUBSCRIPTIONS: Subscription[] = [];

export function UserProvider({ children }: { children: ReactNode }) {
  const { session } = useAuth();
  const userId = useMemo(() => sessionIdentity(session)?.userId ?? null, [session]);
  const userQuery = useQuery({ ...basicUserInfoQuery(userId ?? ''), enabled: Boolean(userId) });

  const value = useMemo<UserContextValue>(() => {
    const subscriptions = NO_SUBSCRIPTIONS;
    return {
      user: userId ? (userQuery.data ?? null) : null,
      loadingCurrentUser: Boolean(userId) && userQuery.isPending,
      hasActiveSubscription: hasActiveSubscription(subscriptions),
      hasActiveOrTrialSubscription: hasActiveOrTrialSubscription(subscriptions),
      subscriptions,
      loadingSubscriptions: false,
      subscriptionError: null,
    };
  }, [userId, userQuery.data, userQuery.isPending]);

  return <UserContext.Provider value={value}>{children}</UserContext.Provider>;
}

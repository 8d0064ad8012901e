import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useMemo, type ReactNode } from 'react';
import { errorMessage } from '../../api/api-error';
import { useAuth, sessionIdentity } from '../auth';
import { paymentKeys, subscriptionsQuery } from '../../api/subscriptions.queries';
import { hasActiveOrTrialSubscription, hasActiveSubscription } from './subscription-status';
import type { Subscription } from './user';
import { UserContext, type UserContextValue } from './UserContext';
import { basicUserInfoQuery } from '../../api/user.queries';

const NO_SUBSCRIPTIONS: Subscription[] = [];

export function UserProvider({ children }: { children: ReactNode }) {
  const { session } = useAuth();
  const queryClient = useQueryClient();
  const userId = useMemo(() => sessionIdentity(session)?.userId ?? null, [session]);
  const userQuery = useQuery({ ...basicUserInfoQuery(userId ?? ''), enabled: Boolean(userId) });
  // GET /payments/subscriptions: the user context's subscriptions (spec section 3).
  const subscriptionsResult = useQuery({ ...subscriptionsQuery(userId ?? ''), enabled: Boolean(userId) });

  // Signed out: the previous user's subscriptions, credit and checkouts go with them.
  useEffect(() => {
    if (!userId) queryClient.removeQueries({ queryKey: paymentKeys.mine() });
  }, [userId, queryClient]);

  const value = useMemo<UserContextValue>(() => {
    const subscriptions = (userId && subscriptionsResult.data?.subscriptions) || NO_SUBSCRIPTIONS;
    return {
      user: userId ? (userQuery.data ?? null) : null,
      loadingCurrentUser: Boolean(userId) && userQuery.isPending,
      hasActiveSubscription: hasActiveSubscription(subscriptions),
      hasActiveOrTrialSubscription: hasActiveOrTrialSubscription(subscriptions),
      subscriptions,
      loadingSubscriptions: Boolean(userId) && subscriptionsResult.isPending,
      subscriptionError: userId && subscriptionsResult.isError ? errorMessage(subscriptionsResult.error) : null,
    };
  }, [
    userId,
    userQuery.data,
    userQuery.isPending,
    subscriptionsResult.data,
    subscriptionsResult.isPending,
    subscriptionsResult.isError,
    subscriptionsResult.error,
  ]);

  return <UserContext.Provider value={value}>{children}</UserContext.Provider>;
}

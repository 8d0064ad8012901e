import { queryOptions } from '@tanstack/react-query';
import { fetchBasicUserInfo, fetchMembershipInfo } from './users-api';

/** Query keys of the signed-in user: the one place that names them. */
export const userKeys = {
  all: ['user'] as const,
  basicInfo: (userId: string) => [...userKeys.all, 'basic-info', userId] as const,
  membership: (userId: string) => [...userKeys.all, 'membership', userId] as const,
};

/** GET /users/getBasicUserInfo for the signed-in user (keyed by user id, so a new sign-in never reads the last one's). */
export const basicUserInfoQuery = (userId: string) =>
  queryOptions({
    queryKey: userKeys.basicInfo(userId),
    queryFn: ({ signal }) => fetchBasicUserInfo(signal),
  });

/** GET /users/getMembershipInfo: the server's reading of spec 4's membership rules (invalidated with userKeys.all after a checkout). */
export const membershipInfoQuery = (userId: string) =>
  queryOptions({
    queryKey: userKeys.membership(userId),
    queryFn: ({ signal }) => fetchMembershipInfo(signal),
  });

import type { CallBody, OnboardingPagesInfo, OnboardingUserState } from '@sparkhouse/contracts';
import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { isApiError } from '../../api/api-error';
import { callApi } from '../../api/call-api';
import { appVisitors, creatorApps } from '../../api/routes';
import { readPlanStatus } from './plan-status';

export interface AppAddress {
  storefrontSlug: string;
  appSlug: string;
}

/** Query keys of an app's visitor: the one place that names them. Keyed by the visitor, so signing in reads afresh. */
export const visitorKeys = {
  app: (a: AppAddress) => ['app-visitor', a.storefrontSlug, a.appSlug] as const,
  flow: (a: AppAddress, visitorId: string) => [...visitorKeys.app(a), visitorId, 'flow'] as const,
  state: (a: AppAddress, visitorId: string) => [...visitorKeys.app(a), visitorId, 'state'] as const,
  plan: (a: AppAddress, visitorId: string) => [...visitorKeys.app(a), visitorId, 'plan'] as const,
};

/** Signed in, the anonymous data is linked a moment after the session starts: a 404 then is tried again. */
const retryWhileLinking = (signedIn: boolean) => (failures: number, error: Error) =>
  failures < (isApiError(error) && error.status === 404 ? (signedIn ? 4 : 0) : 2);

export const publicAppQuery = (a: AppAddress, visitorId: string) =>
  queryOptions({
    queryKey: [...visitorKeys.app(a), visitorId, 'app'],
    queryFn: ({ signal }) => callApi(creatorApps.getAppBySlug, { params: { ...a }, signal }),
    retry: retryWhileLinking(false),
  });

export const visitorFlowQuery = (a: AppAddress, visitorId: string) =>
  queryOptions({
    queryKey: visitorKeys.flow(a, visitorId),
    queryFn: ({ signal }) => callApi(creatorApps.getAppOnboardingFlow, { params: { ...a }, signal }),
    retry: retryWhileLinking(false),
    staleTime: 60_000,
  });

export const visitorStateQuery = (a: AppAddress, visitorId: string, signedIn: boolean) =>
  queryOptions({
    queryKey: visitorKeys.state(a, visitorId),
    queryFn: ({ signal }) => callApi(appVisitors.getOnboardingUserState, { params: { ...a }, signal }),
    retry: retryWhileLinking(signedIn),
  });

/** The visitor's plan by the client's rule (plan-status.ts). */
export const visitorPlanQuery = (a: AppAddress, visitorId: string, signedIn: boolean) =>
  queryOptions({
    queryKey: visitorKeys.plan(a, visitorId),
    queryFn: ({ signal }) =>
      readPlanStatus(visitorId, (userId) => callApi(appVisitors.checkPlanStatus, { params: { userId, ...a }, signal })),
    retry: retryWhileLinking(signedIn),
  });

export function useSaveOnboardingState(a: AppAddress, visitorId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: { userState: OnboardingUserState; pagesInfo: OnboardingPagesInfo }) =>
      callApi(appVisitors.saveOnboardingUserState, { params: { ...a }, body }),
    onSuccess: (state) => queryClient.setQueryData(visitorKeys.state(a, visitorId), state),
  });
}

export function useCompleteOnboarding(a: AppAddress, visitorId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: CallBody<typeof appVisitors.completeOnboarding>) =>
      callApi(appVisitors.completeOnboarding, { params: { ...a }, body }),
    onSuccess: (state) => queryClient.setQueryData(visitorKeys.state(a, visitorId), state),
  });
}

export function useCreatePlan(a: AppAddress) {
  return useMutation({
    mutationFn: (body: CallBody<typeof appVisitors.createPersonalizedPlan>) =>
      callApi(appVisitors.createPersonalizedPlan, { params: { ...a }, body }),
  });
}

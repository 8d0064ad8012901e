import type { CallQuery, CallResponse, JobRunView, PipelineCheckPayload } from '@sparkhouse/contracts';
import { operations } from './routes';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useRef } from 'react';
import { isApiError } from './api-error';
import { callApi } from './call-api';
import { mergeFetchedRun } from './job-run-merge';

export type JobRunsQuery = CallQuery<typeof operations.listJobRuns>;
export type JobRunsPage = CallResponse<typeof operations.listJobRuns>;

/** Query keys of the operations area: the one place that names their cache entries. */
export const jobRunKeys = {
  all: ['job-runs'] as const,
  lists: () => [...jobRunKeys.all, 'list'] as const,
  list: (query: JobRunsQuery) => [...jobRunKeys.lists(), query] as const,
  detail: (runId: string) => [...jobRunKeys.all, 'detail', runId] as const,
};

export const isTerminalStatus = (status: JobRunView['status'] | undefined): boolean =>
  status === 'completed' || status === 'failed' || status === 'canceled';

/** While a run is live, its read model is re-read this often as a safety net under the socket pushes. */
export const LIVE_RUN_RECHECK_MS = 3000;

/** A run a push ended is re-read this often until the read model has recorded that end too. */
export const ENDED_RUN_CONFIRM_MS = 1000;

export function useJobRun(runId: string | null | undefined) {
  const queryClient = useQueryClient();
  const key = jobRunKeys.detail(runId ?? '');
  // the run whose end the read model itself has answered (not only a push)
  const endRead = useRef<string | null>(null);
  return useQuery({
    queryKey: key,
    // the read model may lag the pushes already folded into the cache: never step back
    queryFn: async ({ signal }) => {
      const fresh = await callApi(operations.getJobRun, { params: { runId: runId! }, signal });
      if (isTerminalStatus(fresh.status)) endRead.current = fresh.runId;
      return mergeFetchedRun(queryClient.getQueryData<JobRunView>(key), fresh);
    },
    enabled: Boolean(runId),
    // Pushes carry a live run; this only catches one whose pushes all went out before the socket was
    // there (a run that ends within milliseconds of being started, a page still connecting) and whose
    // first read came before the read model had caught up. A run a push ended is read until the read
    // model has it ended too: its steps and result are the read model's, whatever pushes were missed.
    refetchInterval: (query) => {
      const run = query.state.data;
      if (!run) return false;
      if (!isTerminalStatus(run.status)) return LIVE_RUN_RECHECK_MS;
      return endRead.current === run.runId ? false : ENDED_RUN_CONFIRM_MS;
    },
  });
}

export function useJobRuns(query: JobRunsQuery = {}) {
  return useQuery({
    queryKey: jobRunKeys.list(query),
    queryFn: ({ signal }) => callApi(operations.listJobRuns, { query, signal }),
  });
}

export function useStartPipelineCheck() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (payload: Partial<Omit<PipelineCheckPayload, 'userId'>> & { forEmail?: string }) =>
      callApi(operations.startPipelineCheck, { body: payload }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: jobRunKeys.lists() }),
  });
}

/** Cancel a job run (a pipeline check, a build, an AI edit). */
export function useCancelJobRun() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (runId: string) => callApi(operations.cancelJobRun, { params: { runId } }),
    // asking twice is harmless: a cancel the server could not take at that instant (a 5xx while the
    // run was busy recording its progress) is asked again, twice at most
    retry: (failures, error) => failures < 2 && isApiError(error) && error.status >= 500,
    retryDelay: 300,
    onSuccess: ({ runId, status }) => {
      queryClient.setQueryData<JobRunView>(jobRunKeys.detail(runId), (run) => (run ? { ...run, status } : run));
      return Promise.all([
        queryClient.invalidateQueries({ queryKey: jobRunKeys.detail(runId) }),
        queryClient.invalidateQueries({ queryKey: jobRunKeys.lists() }),
      ]);
    },
  });
}

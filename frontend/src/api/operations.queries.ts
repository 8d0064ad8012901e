import { operations, type CallQuery, type CallResponse, type JobRunView, type PipelineCheckPayload } from '@sparkhouse/contracts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
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

export function useJobRun(runId: string | null | undefined) {
  const queryClient = useQueryClient();
  const key = jobRunKeys.detail(runId ?? '');
  return useQuery({
    queryKey: key,
    // the read model may lag the pushes already folded into the cache: never step back
    queryFn: async ({ signal }) =>
      mergeFetchedRun(
        queryClient.getQueryData<JobRunView>(key),
        await callApi(operations.getJobRun, { params: { runId: runId! }, signal }),
      ),
    enabled: Boolean(runId),
    // Pushes carry a live run; this only catches one whose pushes all went out before the socket was
    // there (a run that ends within milliseconds of being started, a page still connecting) and whose
    // first read came before the read model had caught up.
    refetchInterval: (query) => (query.state.data && !isTerminalStatus(query.state.data.status) ? LIVE_RUN_RECHECK_MS : false),
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
    mutationFn: (payload: Partial<PipelineCheckPayload>) => callApi(operations.startPipelineCheck, { body: payload }),
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

import {
  operations,
  type AlertRuleFields,
  type CallQuery,
  type CallResponse,
  type JobDetail,
  type QueuesOverview,
} from '@sparkhouse/contracts';
import { keepPreviousData, useMutation, useQuery, useQueryClient, type QueryKey } from '@tanstack/react-query';
import { callApi } from '../../../api/call-api';

export type JobsQuery = CallQuery<typeof operations.searchJobs>;
export type EventsQuery = CallQuery<typeof operations.browseEvents>;
export type ProjectionsAnswer = CallResponse<typeof operations.listProjections>;

/** Cache keys of the console: the one place that names them (socket pushes write into these). */
export const opsKeys = {
  all: ['ops'] as const,
  queues: () => [...opsKeys.all, 'queues'] as const,
  series: (queue: string | undefined) => [...opsKeys.all, 'series', queue ?? 'all'] as const,
  jobs: () => [...opsKeys.all, 'jobs'] as const,
  jobList: (q: JobsQuery) => [...opsKeys.jobs(), 'list', q] as const,
  job: (runId: string) => [...opsKeys.jobs(), 'detail', runId] as const,
  events: (q: EventsQuery) => [...opsKeys.all, 'events', q] as const,
  projections: () => [...opsKeys.all, 'projections'] as const,
  alerts: () => [...opsKeys.all, 'alerts'] as const,
  emails: (q: object) => [...opsKeys.all, 'emails', q] as const,
  webhooks: (q: object) => [...opsKeys.all, 'webhooks', q] as const,
  pageViews: (days: number) => [...opsKeys.all, 'page-views', days] as const,
  members: () => [...opsKeys.all, 'members'] as const,
};

/** A list read page by page (or filter by filter): the page shown stays while the next one loads. */
const usePagedList = <T>(queryKey: QueryKey, read: (signal: AbortSignal) => Promise<T>, enabled = true) =>
  useQuery({ queryKey, queryFn: ({ signal }) => read(signal), placeholderData: keepPreviousData, enabled });

export const useQueues = () =>
  useQuery({
    queryKey: opsKeys.queues(),
    queryFn: ({ signal }): Promise<QueuesOverview> => callApi(operations.listQueues, { signal }),
  });

export const useQueueSeries = (queue: string | undefined) =>
  useQuery({
    queryKey: opsKeys.series(queue),
    queryFn: ({ signal }) => callApi(operations.getQueueSeries, { query: { queue, minutes: 60 }, signal }),
    // the charts move a point a minute: read again each minute (the counts above are pushed live)
    refetchInterval: 60_000,
    placeholderData: keepPreviousData,
  });

export const useJobSearch = (query: JobsQuery) =>
  usePagedList(opsKeys.jobList(query), (signal) => callApi(operations.searchJobs, { query, signal }));

export const useJobDetail = (runId: string) =>
  useQuery({
    queryKey: opsKeys.job(runId),
    queryFn: ({ signal }): Promise<JobDetail> => callApi(operations.getJobDetail, { params: { runId }, signal }),
  });

export const useEvents = (query: EventsQuery, enabled = true) =>
  usePagedList(opsKeys.events(query), (signal) => callApi(operations.browseEvents, { query, signal }), enabled);

export const useProjections = () =>
  useQuery({ queryKey: opsKeys.projections(), queryFn: ({ signal }) => callApi(operations.listProjections, { signal }) });

export const useAlertRules = () =>
  useQuery({ queryKey: opsKeys.alerts(), queryFn: ({ signal }) => callApi(operations.listAlertRules, { signal }) });

export const useOutboxEmails = (query: CallQuery<typeof operations.listOutboxEmails>) =>
  usePagedList(opsKeys.emails(query), (signal) => callApi(operations.listOutboxEmails, { query, signal }));

export const useWebhookDeliveries = (query: CallQuery<typeof operations.listWebhookDeliveries>) =>
  usePagedList(opsKeys.webhooks(query), (signal) => callApi(operations.listWebhookDeliveries, { query, signal }));

export const usePageViews = (days: number) =>
  useQuery({
    queryKey: opsKeys.pageViews(days),
    queryFn: ({ signal }) => callApi(operations.getPageViews, { query: { days }, signal }),
  });

export const useMembers = (enabled: boolean) =>
  useQuery({ queryKey: opsKeys.members(), queryFn: ({ signal }) => callApi(operations.listConsoleMembers, { signal }), enabled });

/** A console action: on success the console's lists are read again (pushes keep them current after that). */
function useOpsAction<V, R>(fn: (v: V) => Promise<R>) {
  const client = useQueryClient();
  return useMutation({ mutationFn: fn, onSuccess: () => client.invalidateQueries({ queryKey: opsKeys.all }) });
}

export const useQueueAction = () =>
  useOpsAction(
    ({
      name,
      action,
      state,
      ageMs,
    }: {
      name: string;
      action: 'pause' | 'resume' | 'clean';
      state?: 'completed' | 'failed' | 'delayed' | 'wait';
      ageMs?: number;
    }): Promise<unknown> =>
      action === 'pause'
        ? callApi(operations.pauseQueue, { params: { name } })
        : action === 'resume'
          ? callApi(operations.resumeQueue, { params: { name } })
          : callApi(operations.cleanQueue, { params: { name }, body: { state: state!, ageMs: ageMs ?? 0 } }),
  );

const JOB_ACTIONS = {
  retry: operations.retryJob,
  promote: operations.promoteJob,
  remove: operations.removeJob,
  cancel: operations.cancelJob,
} as const;
export type JobAction = keyof typeof JOB_ACTIONS;

export const useJobAction = () =>
  useOpsAction(({ runId, action }: { runId: string; action: JobAction }) => callApi(JOB_ACTIONS[action], { params: { runId } }));

export const useRetryFailed = () =>
  useOpsAction((q: { queue?: string; name?: string }) => callApi(operations.retryFailedJobs, { query: q }));

export const useRebuild = () => useOpsAction((name: string) => callApi(operations.rebuildProjection, { params: { name } }));

export const useSaveAlert = () =>
  useOpsAction(({ id, fields }: { id?: string; fields: AlertRuleFields }) =>
    id
      ? callApi(operations.updateAlertRule, { params: { ruleId: id }, body: fields })
      : callApi(operations.createAlertRule, { body: fields }),
  );

export const useDeleteAlert = () => useOpsAction((ruleId: string) => callApi(operations.deleteAlertRule, { params: { ruleId } }));

export const useRetryEmail = () => useOpsAction((id: string) => callApi(operations.retryOutboxEmail, { params: { id } }));

export const useSetRole = () =>
  useOpsAction((body: { email: string; role: 'operator' | 'viewer' | 'none' }) => callApi(operations.setConsoleRole, { body }));

export const openQueueBoard = () => callApi(operations.openQueueBoard);

import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { errorMessage } from '../../api';
import { isApiError } from '../../api/api-error';
import { isTerminalStatus } from '../../api/operations.queries';
import type { PlanStatus } from '../../features/app-onboarding';
import { useCreatePlan, visitorKeys, visitorPlanQuery, visitorStateQuery, type AppAddress } from '../../features/app-onboarding';
import { useAuth } from '../../features/auth';
import { LoadingState } from '../../features/catalogue';
import { runMessage, useJobRunLive } from '../../features/realtime';
import { Button, ProgressBar } from '../../ui';
import { EmailPlanForm } from './EmailPlanForm';
import { MemberPlans } from './MemberPlans';

/** While the plan is made, its status is read again this often under the socket's pushes. */
const PLAN_RECHECK_MS = 3000;

const STEP_LABEL: Record<string, string> = {
  'reading-answers': 'Reading your answers',
  drafting: 'Drafting your phases',
  checking: 'Checking every phase',
};

function daysUntil(date: string): number {
  return Math.max(0, Math.ceil((Date.parse(`${date}T00:00:00Z`) - Date.now()) / 86_400_000));
}

export function PlanView({ plan }: { plan: PlanStatus }) {
  if (!plan.plan) return null;
  return (
    <article className="card ob-plan" aria-labelledby="ob-plan-title">
      <p className="muted">{plan.timeToTargetDescription}</p>
      <h2 id="ob-plan-title" tabIndex={-1}>
        {plan.plan.title}
      </h2>
      <p>{plan.plan.summary}</p>
      {plan.targetDate && (
        <p className="ob-plan__target">
          <span className="muted">{plan.timeToTargetLabel}</span> <strong>{daysUntil(plan.targetDate)} days</strong>{' '}
          <span className="muted">
            (
            <time dateTime={plan.targetDate}>
              {new Date(`${plan.targetDate}T00:00:00Z`).toLocaleDateString(undefined, { timeZone: 'UTC', dateStyle: 'medium' })}
            </time>
            )
          </span>
        </p>
      )}
      <ol className="ob-plan__phases" aria-label="Plan phases">
        {plan.plan.phases.map((phase) => (
          <li key={phase.id} className="ob-plan__phase">
            <span className="ob-plan__when muted">{phase.when}</span>
            <strong>{phase.title}</strong>
            {phase.description && <span className="muted">{phase.description}</span>}
          </li>
        ))}
      </ol>
    </article>
  );
}

function AccountOffer({ appName, signedIn }: { appName: string; signedIn: boolean }) {
  const { requireSignIn } = useAuth();
  // after signing up or in, the visitor comes back here and sees the same plan as a member
  const keep = () => requireSignIn(`${window.location.pathname}${window.location.search}`);
  if (signedIn)
    return (
      <p className="callout" role="status">
        Your plan and answers are saved to your account.
      </p>
    );
  return (
    <section className="card ob-offer" aria-labelledby="ob-offer-title">
      <h2 id="ob-offer-title">Keep your plan</h2>
      <p className="muted">Create a free account to keep this plan and your answers, and to start {appName}.</p>
      <div className="ob-nav">
        <Button onClick={keep}>Create my account</Button>
        <Button variant="secondary" onClick={keep}>
          I have an account
        </Button>
      </div>
    </section>
  );
}

/**
 * After the last step: the plan being prepared, live (socket pushes of its job, with its status read
 * again underneath), then the plan, then the offer to keep it with an account, or with just an email.
 */
export function PlanStage({
  address,
  visitorId,
  signedIn,
  appName,
}: {
  address: AppAddress;
  visitorId: string;
  signedIn: boolean;
  appName: string;
}) {
  const queryClient = useQueryClient();
  const plan = useQuery({
    ...visitorPlanQuery(address, visitorId, signedIn),
    refetchInterval: (q) => (q.state.data?.status === 'queued' || q.state.data?.status === 'running' ? PLAN_RECHECK_MS : false),
  });
  const state = useQuery(visitorStateQuery(address, visitorId, signedIn));
  const create = useCreatePlan(address);
  const noPlan = isApiError(plan.error) && plan.error.status === 404;

  // completed without a plan yet (e.g. the request was lost): ask for one with the stored answers
  useEffect(() => {
    const answers = state.data?.userState?.answers;
    if (noPlan && answers && create.isIdle)
      create.mutate(
        { userState: { answers } },
        { onSuccess: () => void queryClient.invalidateQueries({ queryKey: visitorKeys.plan(address, visitorId) }) },
      );
  }, [noPlan, state.data, create, queryClient, address, visitorId]);

  const status = plan.data?.status;
  const runId = plan.data && 'runId' in plan.data ? plan.data.runId : create.data?.runId;
  const making = status === 'queued' || status === 'running' || (noPlan && !create.isError);
  const run = useJobRunLive(making ? runId : null);

  // the run ended: read the plan (the client's rule in plan-status.ts)
  const runStatus = run.data?.status;
  useEffect(() => {
    if (isTerminalStatus(runStatus)) void queryClient.invalidateQueries({ queryKey: visitorKeys.plan(address, visitorId) });
  }, [runStatus, queryClient, address, visitorId]);

  if (plan.isPending && !noPlan) return <LoadingState label="Loading your plan" />;

  if (status === 'completed' && plan.data && 'plan' in plan.data)
    return (
      <div className="ob-result">
        <PlanView plan={plan.data} />
        <AccountOffer appName={appName} signedIn={signedIn} />
        {!signedIn && <EmailPlanForm address={address} />}
        <MemberPlans address={address} appName={appName} />
      </div>
    );

  if (status === 'error' || create.isError || (plan.isError && !noPlan)) {
    const why =
      (plan.data && 'error' in plan.data && plan.data.error) ||
      (create.error && errorMessage(create.error)) ||
      errorMessage(plan.error);
    return (
      <section className="card" aria-labelledby="ob-plan-failed">
        <h2 id="ob-plan-failed">We could not make your plan</h2>
        <p className="muted" role="alert">
          {why || 'Failed to check plan status'}
        </p>
        <Button
          loading={create.isPending}
          onClick={() =>
            state.data?.userState &&
            create.mutate(
              { userState: state.data.userState, forceRegenerate: true },
              { onSuccess: () => void queryClient.invalidateQueries({ queryKey: visitorKeys.plan(address, visitorId) }) },
            )
          }
        >
          Try again
        </Button>
      </section>
    );
  }

  const percent = run.data?.percent ?? (plan.data && 'percent' in plan.data ? plan.data.percent : 0);
  const step = run.data?.step ?? (plan.data && 'step' in plan.data ? plan.data.step : null);
  return (
    <section className="card ob-preparing" aria-labelledby="ob-preparing-title" data-status={status ?? 'queued'}>
      <h2 id="ob-preparing-title">Preparing your plan</h2>
      <ProgressBar value={percent} label="Plan progress" showValue />
      <p className="muted" aria-live="polite">
        {run.data ? runMessage(run.data) : step ? (STEP_LABEL[step] ?? step) : 'Waiting for a worker…'}
      </p>
    </section>
  );
}

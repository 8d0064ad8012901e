import type { CreatorApp } from '@sparkhouse/contracts';
import { useQuery } from '@tanstack/react-query';
import { appVisitors } from '../../../api/routes';
import { ProgressBar } from '../../../ui';
import { readPlanStatus } from '../../app-onboarding';
import { sessionIdentity, useAuth } from '../../auth';
import { LoadingState } from '../../catalogue';
import { useJobRunLive } from '../../realtime';
import { callCreator } from '../creator-api';

/** The plan a simulator run asked for: prepared live (its job's pushes), then shown. */
export function SimulatedPlan({ app, testingStepId, runId }: { app: CreatorApp; testingStepId: string; runId: string }) {
  const { session } = useAuth();
  const userId = sessionIdentity(session)?.userId;
  const run = useJobRunLive(runId);
  const done = run.data?.status === 'completed' || run.data?.status === 'failed';
  const plan = useQuery({
    queryKey: ['creator', 'app', app.appId, 'simulator-plan', testingStepId, runId],
    queryFn: ({ signal }) =>
      readPlanStatus(userId, (id) =>
        callCreator(appVisitors.checkPlanStatusForTesting, {
          params: { userId: id, storefrontSlug: app.storefrontSlug, appSlug: app.appSlug },
          query: { testingStepId },
          signal,
        }),
      ),
    enabled: done,
  });
  if (!done)
    return (
      <div className="ob-preparing">
        <h3>Preparing the plan</h3>
        <ProgressBar value={run.data?.percent ?? 0} label="Simulated plan progress" showValue />
      </div>
    );
  if (plan.isPending) return <LoadingState label="Loading the plan" />;
  if (!plan.data || plan.data.status !== 'completed' || !('plan' in plan.data) || !plan.data.plan)
    return <p className="ob-question__error">{(plan.data && 'error' in plan.data && plan.data.error) || 'The plan failed.'}</p>;
  return (
    <div className="ob-plan">
      <h3>{plan.data.plan.title}</h3>
      <p className="muted">{plan.data.timeToTargetDescription}</p>
      <ol className="ob-plan__phases" aria-label="Simulated plan phases">
        {plan.data.plan.phases.map((p) => (
          <li key={p.id} className="ob-plan__phase">
            <span className="ob-plan__when muted">{p.when}</span>
            <strong>{p.title}</strong>
          </li>
        ))}
      </ol>
    </div>
  );
}

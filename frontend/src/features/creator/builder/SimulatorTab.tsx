import { pageProblems, type CreatorApp, type OnboardingFlow, type SimulatedFlow } from '@sparkhouse/contracts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { useSearchParams } from 'react-router';
import { errorMessage } from '../../../api';
import { appVisitors } from '../../../api/routes';
import { Button, RadioOption, SelectField } from '../../../ui';
import { OnboardingProgress, OnboardingStepView, type Answers } from '../../app-onboarding';
import { ErrorState, LoadingState } from '../../catalogue';
import { callCreator } from '../creator-api';
import { creatorKeys, onboardingFlowQuery, publishedOnboardingFlowQuery } from '../creator.queries';
import { simulatorItemKeys } from '../simulator-items.queries';
import { SimulatedPlan } from './SimulatedPlan';
import { RunItems, SimulatorItemsPanel, type RunToOpen } from './SimulatorItems';
import { TestFlows } from './TestFlows';
import './simulator.css';

/** One simulator run: its answers and plans are the creator's test, kept apart from live visitors. */
const newTestingStepId = () => `sim-${Date.now().toString(36)}`;
const TESTING_STEP = /^[A-Za-z0-9_-]{1,64}$/;

/** A run opened again (from the URL's testingStepId): its answers and the step it stopped at. */
function useResumedRun(app: CreatorApp, testingStepId: string | null) {
  return useQuery({
    queryKey: [...creatorKeys.app(app.appId), 'simulator-run', testingStepId],
    queryFn: ({ signal }) =>
      callCreator(appVisitors.getTestingOnboardingInfo, { query: { appId: app.appId, testingStepId: testingStepId! }, signal }),
    enabled: testingStepId !== null,
    staleTime: Infinity,
  });
}

function Simulator({
  app,
  flow,
  version,
  resume,
  onRestart,
  onOpenRun,
}: {
  app: CreatorApp;
  flow: OnboardingFlow;
  version: SimulatedFlow;
  resume: string | null;
  onRestart: () => void;
  onOpenRun: (run: RunToOpen) => void;
}) {
  const queryClient = useQueryClient();
  const [testingStepId, setTestingStepId] = useState(() => resume ?? newTestingStepId());
  const [answers, setAnswers] = useState<Answers>({});
  const [index, setIndex] = useState(0);
  const [problems, setProblems] = useState<Record<string, string>>({});
  const [runId, setRunId] = useState<string | null>(null);
  const resumed = useResumedRun(app, resume);
  const address = { storefrontSlug: app.storefrontSlug, appSlug: app.appSlug };

  // an opened run continues where it stopped, with the answers it had
  const info = resumed.data;
  useEffect(() => {
    if (!info) return;
    setAnswers((info.userState?.answers ?? {}) as Answers);
    const at = flow.pages.findIndex((p) => p.id === info.pagesInfo?.currentPageId);
    setIndex(Math.max(0, at));
  }, [info, flow.pages]);

  const save = useMutation({
    mutationFn: (to: number) =>
      callCreator(appVisitors.saveOnboardingUserStateForTesting, {
        params: address,
        body: {
          userState: { answers },
          pagesInfo: { currentPageId: flow.pages[to].id, completedPageIds: flow.pages.slice(0, to).map((p) => p.id) },
          testingStepId,
          flow: version,
        },
      }),
  });
  const createPlan = useMutation({
    mutationFn: () =>
      callCreator(appVisitors.createPersonalizedPlanForTesting, {
        params: address,
        body: { userState: { answers }, testingStepId, forceRegenerate: true, flow: version },
      }),
    onSuccess: (r) => {
      setRunId(r.runId);
      // the run's answers are recorded with the request: lists that show them are out of date
      void queryClient.invalidateQueries({ queryKey: simulatorItemKeys.app(app.appId) });
      void queryClient.invalidateQueries({ queryKey: simulatorItemKeys.step(testingStepId) });
    },
  });
  useEffect(() => setIndex((i) => Math.min(i, flow.pages.length - 1)), [flow.pages.length]);
  const page = flow.pages[Math.min(index, flow.pages.length - 1)];
  const last = index >= flow.pages.length - 1;
  const go = (to: number) => save.mutate(to, { onSuccess: () => setIndex(to) });
  const replay = (replayed: Answers) => {
    // a fresh run with the flow's answers, at its last step: one click to the plan
    setTestingStepId(newTestingStepId());
    setRunId(null);
    setProblems({});
    setAnswers(replayed);
    setIndex(flow.pages.length - 1);
  };
  const error = save.error ?? createPlan.error;
  const planRunId = runId ?? info?.plan?.runId ?? null;

  return (
    <div className="builder__grid">
      <section className="card" aria-labelledby="sim-title">
        <h2 id="sim-title">Simulator</h2>
        <p className="muted">
          Go through the {version === 'draft' ? 'draft' : 'published'} onboarding as a visitor would. Test answers and plans are
          never counted as visitors.
        </p>
        <p className="sim-run-id muted">
          Run <code>{testingStepId}</code>
        </p>
        {resumed.isError && <ErrorState title="Could not open that run" error={resumed.error} />}
        <SelectField
          label="Jump to step"
          id="sim-jump"
          value={index}
          disabled={runId !== null}
          onChange={(e) => go(Number(e.target.value))}
        >
          {flow.pages.map((p, i) => (
            <option key={p.id} value={i}>
              {i + 1}. {p.title}
            </option>
          ))}
        </SelectField>
        <div className="phone-frame" role="region" aria-label="Simulator">
          <div className="phone-frame__screen">
            {resumed.isLoading ? (
              <LoadingState label="Opening the run" />
            ) : runId ? (
              <SimulatedPlan app={app} testingStepId={testingStepId} runId={runId} />
            ) : (
              <>
                <OnboardingProgress index={index} total={flow.pages.length} />
                <OnboardingStepView
                  page={page}
                  answers={answers}
                  problems={problems}
                  headingLevel={3}
                  onAnswer={(id, value) => setAnswers((a) => ({ ...a, [id]: value }))}
                />
                {error && <p className="ob-question__error">{errorMessage(error)}</p>}
                <div className="ob-nav">
                  <Button variant="secondary" disabled={index === 0} onClick={() => go(index - 1)}>
                    Back
                  </Button>
                  <Button
                    loading={save.isPending || createPlan.isPending}
                    onClick={() => {
                      const found = pageProblems(page, answers);
                      setProblems(found);
                      if (Object.keys(found).length > 0) return;
                      // the run's last answers are kept first, so opening it again finds them
                      if (last) save.mutate(index, { onSuccess: () => createPlan.mutate() });
                      else go(index + 1);
                    }}
                  >
                    {last ? 'Make the plan' : 'Next'}
                  </Button>
                </div>
              </>
            )}
          </div>
        </div>
        <Button variant="transparent" size="small" onClick={onRestart}>
          Start over
        </Button>
        <RunItems appId={app.appId} testingStepId={testingStepId} runId={planRunId} />
      </section>
      <div className="builder__column">
        <TestFlows app={app} flow={flow} answers={answers} onReplay={replay} />
        <SimulatorItemsPanel appId={app.appId} onOpenRun={onOpenRun} />
      </div>
    </div>
  );
}

/** Which flow the simulator runs: the draft being edited, or (once published) what visitors meet. */
function FlowChoice({
  version,
  isPublished,
  onChange,
}: {
  version: SimulatedFlow;
  isPublished: boolean;
  onChange: (version: SimulatedFlow) => void;
}) {
  return (
    <fieldset className="sim-flow-choice">
      <legend>Run</legend>
      <RadioOption
        name="sim-flow"
        label="The draft"
        description="What you are editing"
        checked={version === 'draft'}
        onChange={() => onChange('draft')}
      />
      <RadioOption
        name="sim-flow"
        label="The published version"
        description={isPublished ? 'What visitors meet today' : 'Publish the app first'}
        checked={version === 'published'}
        disabled={!isPublished}
        onChange={() => onChange('published')}
      />
    </fieldset>
  );
}

/**
 * The builder's Test tab: a phone-frame simulator of the app's onboarding (draft or published), the
 * plan it produces, test flows, and what the simulator recorded. ?flow=published runs the published
 * version; ?testingStepId=<run> opens an earlier run again at the step it stopped.
 */
export function SimulatorTab({ app }: { app: CreatorApp }) {
  const [params, setParams] = useSearchParams();
  const [restarts, setRestarts] = useState(0);
  const version: SimulatedFlow = params.get('flow') === 'published' && app.isPublished ? 'published' : 'draft';
  const asked = params.get('testingStepId');
  const resume = asked && TESTING_STEP.test(asked) ? asked : null;
  const draft = useQuery({ ...onboardingFlowQuery(app), enabled: version === 'draft' });
  const published = useQuery({ ...publishedOnboardingFlowQuery(app), enabled: version === 'published' });
  const flow = version === 'draft' ? draft : published;

  const openRun = (run: { flow: SimulatedFlow; testingStepId: string | null }) => {
    setRestarts((n) => n + 1);
    setParams(
      (current) => {
        const next = new URLSearchParams(current);
        if (run.flow === 'published') next.set('flow', 'published');
        else next.delete('flow');
        if (run.testingStepId) next.set('testingStepId', run.testingStepId);
        else next.delete('testingStepId');
        return next;
      },
      { replace: true },
    );
  };

  return (
    <div className="sim-tab">
      <FlowChoice version={version} isPublished={app.isPublished} onChange={(v) => openRun({ flow: v, testingStepId: null })} />
      {flow.isPending ? (
        <LoadingState label="Loading the simulator" />
      ) : flow.isError ? (
        <ErrorState title="Could not load the simulator" error={flow.error} onRetry={() => void flow.refetch()} />
      ) : (
        <Simulator
          key={`${version}:${resume ?? 'new'}:${restarts}`}
          app={app}
          flow={flow.data.onboardingFlow}
          version={version}
          resume={resume}
          onRestart={() => openRun({ flow: version, testingStepId: null })}
          onOpenRun={openRun}
        />
      )}
    </div>
  );
}

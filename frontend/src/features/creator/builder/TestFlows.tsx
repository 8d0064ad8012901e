import type { CallResponse, CreatorApp, OnboardingFlow } from '@sparkhouse/contracts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { errorMessage } from '../../../api';
import { appVisitors } from '../../../api/routes';
import { Button, Input, useToast } from '../../../ui';
import type { Answers } from '../../app-onboarding';
import { ErrorState, LoadingState } from '../../catalogue';
import { callCreator } from '../creator-api';

type TestFlow = CallResponse<typeof appVisitors.getTestFlows>['testFlows'][number];

/** A test flow's steps from the simulator's answers: each page with the answers given on it. */
const stepsOf = (flow: OnboardingFlow, answers: Answers) =>
  flow.pages
    .map((p) => ({
      pageId: p.id,
      answers: Object.fromEntries(p.questions.filter((q) => answers[q.id] !== undefined).map((q) => [q.id, answers[q.id]])),
    }))
    .filter((s) => Object.keys(s.answers).length > 0);

/** Saved test flows: save the simulator's answers under a title, replay one in a click, delete. */
export function TestFlows({
  app,
  flow,
  answers,
  onReplay,
}: {
  app: CreatorApp;
  flow: OnboardingFlow;
  answers: Answers;
  onReplay: (answers: Answers) => void;
}) {
  const queryClient = useQueryClient();
  const toast = useToast();
  const key = ['creator', 'app', app.appId, 'test-flows'];
  const flows = useQuery({
    queryKey: key,
    queryFn: ({ signal }) => callCreator(appVisitors.getTestFlows, { query: { appId: app.appId }, signal }),
  });
  const [title, setTitle] = useState('');
  const [error, setError] = useState<string | undefined>();
  const refresh = () => queryClient.invalidateQueries({ queryKey: key });
  const save = useMutation({
    mutationFn: async () => {
      const { testFlow } = await callCreator(appVisitors.createTestFlow, { body: { appId: app.appId, title } });
      return callCreator(appVisitors.updateTestFlow, {
        params: { id: testFlow.testFlowId },
        body: { steps: stepsOf(flow, answers) },
      });
    },
    onSuccess: ({ testFlow }) => {
      setTitle('');
      toast.show({ kind: 'success', message: `Test flow “${testFlow.title}” saved.` });
      return refresh();
    },
    onError: (e) => setError(errorMessage(e)),
  });
  const remove = useMutation({
    mutationFn: (id: string) => callCreator(appVisitors.deleteTestFlow, { params: { id } }),
    onSuccess: refresh,
    onError: (e) => toast.show({ kind: 'error', title: 'Could not delete the test flow', message: errorMessage(e) }),
  });
  const replay = (f: TestFlow) => onReplay(Object.assign({}, ...f.steps.map((s) => s.answers)) as Answers);

  return (
    <section className="card editor-form" aria-labelledby="test-flows-title">
      <h2 id="test-flows-title">Test flows</h2>
      <form
        className="editor-form__row"
        noValidate
        onSubmit={(e) => {
          e.preventDefault();
          if (!title.trim()) return setError('Give the test flow a title.');
          if (Object.keys(answers).length === 0) return setError('Answer some questions in the simulator first.');
          setError(undefined);
          save.mutate();
        }}
      >
        <Input label="Test flow title" value={title} maxLength={120} error={error} onChange={(e) => setTitle(e.target.value)} />
        <Button type="submit" variant="secondary" loading={save.isPending}>
          Save answers as a test flow
        </Button>
      </form>
      {flows.isPending ? (
        <LoadingState label="Loading test flows" />
      ) : flows.isError ? (
        <ErrorState title="Could not load test flows" error={flows.error} onRetry={() => void flows.refetch()} />
      ) : flows.data.testFlows.length === 0 ? (
        <p className="muted">No test flows yet: answer in the simulator, then save the answers under a title.</p>
      ) : (
        <ul className="version-list" aria-label="Test flows">
          {flows.data.testFlows.map((f) => (
            <li key={f.testFlowId} className="version-list__item">
              <div className="version-list__main">
                <span className="version-list__title">{f.title}</span>
                <span className="version-list__when">
                  {f.steps.length} {f.steps.length === 1 ? 'step' : 'steps'}
                </span>
              </div>
              <div className="row">
                <Button size="small" variant="secondary" aria-label={`Replay ${f.title}`} onClick={() => replay(f)}>
                  Replay
                </Button>
                <Button
                  size="small"
                  variant="transparent"
                  aria-label={`Delete ${f.title}`}
                  loading={remove.isPending && remove.variables === f.testFlowId}
                  onClick={() => remove.mutate(f.testFlowId)}
                >
                  Delete
                </Button>
              </div>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

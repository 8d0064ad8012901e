import { SimulatorItemRecorded, type StoredEvent } from '@sparkhouse/contracts';
import { answersItem, decidePlanItem, simulatorRunStreamId, type SimulatorRun } from './simulator-items';
import { planResultFixture } from '../../../test-support/app-fixtures';

const run: SimulatorRun = {
  appId: 'app-1',
  ownerId: 'creator-1',
  testingStepId: 'sim-1',
  flow: 'published',
  planId: 'plan-1',
  runId: 'run-1',
};
const inWords = [
  { question: 'Which distance?', answer: '10k' },
  { question: 'Hours a week?', answer: '3' },
];
const result = (phases: number, title = 'Ten k in six weeks') =>
  planResultFixture(title, { phases, summary: 'Build up slowly.', targetDate: '2031-05-04' });
let version = 0;
const recorded = (payload: unknown): StoredEvent => ({
  position: String(++version),
  eventId: `event-${version}`,
  streamId: simulatorRunStreamId(run.runId),
  streamVersion: version,
  type: SimulatorItemRecorded.type,
  schemaVersion: 1,
  payload,
  metadata: { actor: 'test', correlationId: 'test', causationId: null, occurredAt: '2031-01-01T00:00:00.000Z' },
});

describe('simulator items', () => {
  const answers = answersItem(run, 'item-1', { distance: '10k', hours: 3 }, inWords);

  it('records a run’s answers with their run, step, flow and a readable summary', () => {
    expect(answers).toEqual({
      itemId: 'item-1',
      appId: 'app-1',
      ownerId: 'creator-1',
      itemType: 'onboarding-answers',
      testingStepId: 'sim-1',
      flow: 'published',
      title: 'Answers to 2 questions',
      summary: 'Which distance? 10k · Hours a week? 3',
      data: { answers: { distance: '10k', hours: 3 }, inWords, runId: 'run-1', planId: 'plan-1' },
    });
    expect(answersItem(run, 'item-2', {}, []).summary).toBe('No question answered.');
    expect(answersItem(run, 'item-3', {}, [inWords[0]]).title).toBe('Answers to 1 question');
    const long = answersItem(run, 'item-4', {}, [{ question: 'Q?', answer: 'x'.repeat(500) }]).summary;
    expect(long).toHaveLength(240);
    expect(long.endsWith('…')).toBe(true);
  });

  it('records the plan of a simulator run once, named after the plan, keyed by the plan id', () => {
    const events = decidePlanItem([recorded(answers)], result(13));
    expect(events).toEqual([
      {
        type: SimulatorItemRecorded.type,
        payload: expect.objectContaining({
          itemId: 'plan-1',
          itemType: 'plan',
          testingStepId: 'sim-1',
          flow: 'published',
          ownerId: 'creator-1',
          title: 'Ten k in six weeks',
          summary: '13 phases over 6 weeks, target 2031-05-04. Build up slowly.',
          data: { planId: 'plan-1', runId: 'run-1', result: result(13) },
        }),
      },
    ]);
    // delivered again: already recorded
    expect(decidePlanItem([recorded(answers), recorded(events![0].payload)], result(13))).toBeNull();
  });

  it('records nothing for a live visitor’s plan (no simulator run) or a result that is not a plan', () => {
    expect(decidePlanItem([], result(13))).toBeNull();
    expect(decidePlanItem([recorded(answers)], { plan: 'nope' })).toBeNull();
    expect(decidePlanItem([recorded(answers)], null)).toBeNull();
  });

  it('counts only valid phases (id and title) in the summary', () => {
    const r = result(2);
    r.plan.phases.push({ id: '', title: 'no id' } as never);
    const [event] = decidePlanItem([recorded(answers)], r)!;
    expect(event.payload).toMatchObject({ summary: expect.stringMatching(/^2 phases over 6 weeks/) });
  });
});

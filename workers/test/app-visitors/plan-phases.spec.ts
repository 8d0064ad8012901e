import type { PersonalizedPlanDocument } from '@sparkhouse/contracts';
import { LocalProvider } from '../../src/devkit/ai/local-provider';
import { PersonalizedPlanSchema } from '@sparkhouse/contracts';
import { MAX_REGENERATIONS, planWithEnoughPhases, PlanTooShortError } from '../../src/processors/app-visitors/plan-phases';

const plan = (phases: PersonalizedPlanDocument['phases']): PersonalizedPlanDocument => ({ title: 'Plan', summary: 'S', phases });
const valid = (n: number) => Array.from({ length: n }, (_, i) => ({ id: `p${i + 1}`, title: `Phase ${i + 1}` }));

describe('a plan with enough valid phases', () => {
  it('takes a first draft that has them, keeping only the valid phases', async () => {
    const draft = jest.fn().mockResolvedValue(plan([...valid(3), { id: 'no-title' }, { title: 'no id' }]));
    const { plan: got, regenerations } = await planWithEnoughPhases(draft, 3);
    expect(regenerations).toBe(0);
    expect(got.phases).toEqual(valid(3));
    expect(draft).toHaveBeenCalledTimes(1);
  });

  it('drafts again while a draft has fewer valid phases than expected', async () => {
    const draft = jest
      .fn()
      .mockResolvedValueOnce(plan([...valid(2), { id: 'x', title: ' ' }]))
      .mockResolvedValueOnce(plan(valid(3)));
    const { plan: got, regenerations } = await planWithEnoughPhases(draft, 3);
    expect(regenerations).toBe(1);
    expect(got.phases).toHaveLength(3);
    expect(draft.mock.calls).toEqual([[0], [1]]);
  });

  it(`fails the attempt after ${MAX_REGENERATIONS} regenerations still short (the job is retried with backoff)`, async () => {
    const draft = jest.fn().mockResolvedValue(plan(valid(5)));
    await expect(planWithEnoughPhases(draft, 13)).rejects.toBeInstanceOf(PlanTooShortError);
    await expect(planWithEnoughPhases(draft, 13)).rejects.toThrow('The plan had 5 valid phases of 13 expected after 3 drafts');
    expect(draft).toHaveBeenCalledTimes(2 * (MAX_REGENERATIONS + 1));
  });
});

describe("the local generator's plan", () => {
  const task = {
    kind: 'personalized-plan' as const,
    prompt: 'plan',
    context: {
      appName: 'Stride',
      answers: [
        { question: 'Which distance?', answer: '10k' },
        { question: 'Days?', answer: 'Mon, Sat' },
      ],
      expectedPhaseCount: 13,
      programLengthWeeks: 6,
    },
  };

  it('has the expected number of valid phases over the program, from the answers, the same every time', async () => {
    const ai = new LocalProvider();
    const first = await ai.generate(task, PersonalizedPlanSchema);
    expect(first.phases).toHaveLength(13);
    expect(first.phases.every((p) => p.id && p.title)).toBe(true);
    expect(first.phases[0].when).toBe('Week 1');
    expect(first.phases.at(-1)!.when).toBe('Week 6');
    expect(first.summary).toContain('10k');
    expect(await ai.generate(task, PersonalizedPlanSchema)).toEqual(first);
  });
});

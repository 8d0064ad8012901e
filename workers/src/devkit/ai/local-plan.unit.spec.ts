import { personalizedPlan, planContext } from './local-plan';
import { createRng } from '../../seeded-random';
import { extractIdea } from './local-subject';

const ctx = (idea: string) => ({ ...extractIdea(idea), rng: createRng(7) });
/** A phase's text (optional in the document's type; the local plan always writes one). */
const text = (phase: { description?: string }) => phase.description ?? '';
const answers = (...values: string[]) => values.map((answer, i) => ({ question: `Question ${i + 1}`, answer }));

describe('the local personalized plan', () => {
  const plan = personalizedPlan(
    ctx('A training companion for runners preparing their first marathon'),
    planContext({ answers: answers('10k.', 'Mon, Sat', '2031-05-04', 'Early mornings'), expectedPhaseCount: 13 }, 'Stride Coach'),
  );

  it('gives every phase its own purpose, not one sentence repeated with a new title', () => {
    expect(plan.phases).toHaveLength(13);
    const descriptions = plan.phases.map((p) => text(p));
    expect(new Set(descriptions).size).toBe(13);
    for (const p of plan.phases) {
      expect(text(p).startsWith(p.title ?? '-')).toBe(false);
      expect(text(p)).toMatch(/^[A-Z].*[.”]$/);
    }
    expect(plan.phases[0]).toMatchObject({ id: 'phase-1', title: 'Find your baseline', when: 'Week 1' });
    expect(plan.phases[12]).toMatchObject({ title: 'The big day', when: 'Week 6' });
  });

  it('names the focus (the first answer, as written, without its full stop) where a phase works towards it', () => {
    expect(plan.summary).toContain('built around “10k”');
    expect(text(plan.phases[12])).toContain('give “10k” your best');
    expect(plan.phases.filter((p) => text(p).includes('“10k”')).length).toBeGreaterThanOrEqual(3);
  });

  it('plans phases around the other answers, each once and in turn, leaving out bare dates', () => {
    const noted = plan.phases.map((p) => /what you told us: “([^”]+)”/.exec(text(p))?.[1]).filter(Boolean);
    expect(noted.length).toBeGreaterThan(0);
    expect(noted.length).toBeLessThan(plan.phases.length / 2);
    expect(noted).toEqual(['Mon, Sat', 'Early mornings']);
    expect(plan.phases.some((p) => text(p).includes('2031-05-04'))).toBe(false);
  });

  it('without answers, works towards the app’s own subject and mentions no answers', () => {
    const bare = personalizedPlan(ctx('Sourdough baking for busy parents'), planContext({}, 'Sourdough Baking'));
    expect(bare.phases.some((p) => text(p).includes('told us'))).toBe(false);
    expect(text(bare.phases[12])).not.toContain('“');
    expect(bare.title).toBe('Your 6-week Sourdough Baking plan');
  });

  it('is the same plan for the same answers', () => {
    const again = personalizedPlan(
      ctx('A training companion for runners preparing their first marathon'),
      planContext(
        { answers: answers('10k.', 'Mon, Sat', '2031-05-04', 'Early mornings'), expectedPhaseCount: 13 },
        'Stride Coach',
      ),
    );
    expect(again).toEqual(plan);
  });
});

/**
 * The onboarding flows and personalized plans the creator-apps specs (backend and workers) publish and
 * store: one place, so a change to a flow's or a plan's shape is made once.
 */

/** A one-page flow: a single-choice question. */
export const ONE_QUESTION_FLOW = {
  pages: [
    {
      id: 'goal',
      title: 'Goal',
      questions: [{ id: 'distance', prompt: 'Which distance?', kind: 'single', options: ['5k', '10k'] }],
    },
  ],
};

/** A three-page running flow with every question kind (single, multi, number, date, optional text). */
export const runningFlow = (goalTitle = 'Your goal', distances = ['5k', '10k', 'Half marathon']) => ({
  pages: [
    { id: 'hello', title: 'Welcome', body: 'Three questions, then your plan.', questions: [] },
    {
      id: 'goal',
      title: goalTitle,
      questions: [
        { id: 'distance', prompt: 'Which distance?', kind: 'single', options: distances },
        { id: 'days', prompt: 'Which days can you run?', kind: 'multi', options: ['Mon', 'Wed', 'Sat'] },
      ],
    },
    {
      id: 'you',
      title: 'About you',
      questions: [
        { id: 'km', prompt: 'Kilometres a week now?', kind: 'number', min: 0, max: 200 },
        { id: 'race', prompt: 'Race day?', kind: 'date' },
        { id: 'note', prompt: 'Anything else?', kind: 'text', required: false },
      ],
    },
  ],
});

/** A personalized plan as the plan job stores it: `phases` phases of 13 in the program. */
export const planResultFixture = (title: string, options: { phases?: number; summary?: string; targetDate?: string } = {}) => ({
  plan: {
    title,
    summary: options.summary ?? 'A plan.',
    phases: Array.from({ length: options.phases ?? 13 }, (_, i) => ({ id: `p${i}`, title: `Phase ${i}` })),
  },
  totalPhaseCount: 13,
  programLengthWeeks: 6,
  targetDate: options.targetDate ?? '2031-01-01',
  timeToTargetLabel: 'Time to Race Day',
  timeToTargetDescription: '6-Week Transformation Plan',
  regenerations: 0,
  generatedBy: 'local-generator',
});

import { OnboardingFlowSchema, type OnboardingFlow } from '@sparkhouse/contracts';
import { cleanFlow } from './OnboardingTab';

describe('the onboarding editor saves what the schema takes', () => {
  it('drops empty optional texts and the options of questions that are not choices', () => {
    const draft: OnboardingFlow = {
      pages: [
        {
          id: 'p1',
          title: 'About you',
          body: '  ',
          questions: [
            { id: 'q1', prompt: 'Hours?', kind: 'number', options: ['left over', 'from a choice'], placeholder: '', min: 1 },
            { id: 'q2', prompt: 'Start?', kind: 'date', placeholder: 'ignored for dates', required: false },
            { id: 'q3', prompt: 'Goal?', kind: 'single', options: ['A', 'B'], min: 3 },
          ],
        },
      ],
    };
    const clean = cleanFlow(draft);
    expect(clean).toEqual({
      pages: [
        {
          id: 'p1',
          title: 'About you',
          questions: [
            { id: 'q1', prompt: 'Hours?', kind: 'number', min: 1 },
            { id: 'q2', prompt: 'Start?', kind: 'date', required: false },
            { id: 'q3', prompt: 'Goal?', kind: 'single', options: ['A', 'B'] },
          ],
        },
      ],
    });
    expect(OnboardingFlowSchema.safeParse(clean).success).toBe(true);
  });
});

import {
  answerProblem,
  type AppBlueprint,
  type OnboardingAnswer,
  type OnboardingFlow,
  type OnboardingPagesInfo,
  type OnboardingUserState,
} from '@sparkhouse/contracts';

/** The app as its visitor meets it: the flow they answer and the blueprint their plan is made from. */
export interface VisitedApp {
  appId: string;
  name: string;
  flow: OnboardingFlow;
  blueprint: AppBlueprint | null;
}

/** The job that makes a visitor's personalized plan. */
export const PLAN_JOB = 'app-visitors.personalized-plan';

/** The stream of one visitor's facts for one app (the visitor: a user id or an anon_ id). */
export const visitorStreamId = (appId: string, visitorId: string) => `app-visitor-${appId}-${visitorId}`;

/** The visitor a creator is while testing a step of their own app: apart from every live visitor. */
export const testingVisitorId = (userId: string, testingStepId: string) => `testing-${userId}-${testingStepId}`;

/** What does not fit the flow in a saved state: answers to unknown questions, unknown pages. null when it fits. */
export function stateProblem(
  flow: OnboardingFlow,
  userState: OnboardingUserState,
  pagesInfo: OnboardingPagesInfo,
): string | null {
  const questionIds = new Set(flow.pages.flatMap((p) => p.questions.map((q) => q.id)));
  const pageIds = new Set(flow.pages.map((p) => p.id));
  const unknownQuestion = Object.keys(userState.answers).find((id) => !questionIds.has(id));
  if (unknownQuestion) return `userState.answers has an answer to "${unknownQuestion}", which is not a question of this app.`;
  const unknownPage = [pagesInfo.currentPageId, ...pagesInfo.completedPageIds].find((id) => id !== null && !pageIds.has(id));
  if (unknownPage) return `pagesInfo names the page "${unknownPage}", which is not a page of this app.`;
  return null;
}

/** Why the final answers do not complete the flow (the first required question left or answered wrongly); null when they do. */
export function completionProblem(flow: OnboardingFlow, answers: Record<string, OnboardingAnswer>): string | null {
  for (const page of flow.pages) {
    for (const q of page.questions) {
      const problem = answerProblem(q, answers[q.id]);
      if (problem) return `“${q.prompt}”: ${problem}`;
    }
  }
  return null;
}

/** The answers as a provider reads them: each question's prompt with its answer in words. */
export function answersInWords(flow: OnboardingFlow, answers: Record<string, OnboardingAnswer>) {
  return flow.pages.flatMap((page) =>
    page.questions
      .filter((q) => answers[q.id] !== undefined && answers[q.id] !== null && answers[q.id] !== '')
      .map((q) => {
        const a = answers[q.id];
        return { question: q.prompt, answer: (Array.isArray(a) ? a.join(', ') : String(a)).slice(0, 2000) };
      }),
  );
}

const DAY_MS = 86_400_000;

/** The plan's target date: the visitor's first future date answer, else the program's end counted from `today`. */
export function planTargetDate(
  flow: OnboardingFlow,
  answers: Record<string, OnboardingAnswer>,
  today: Date,
  programLengthWeeks: number,
): string {
  const todayIso = today.toISOString().slice(0, 10);
  for (const q of flow.pages.flatMap((p) => p.questions)) {
    const a = answers[q.id];
    if (q.kind === 'date' && typeof a === 'string' && answerProblem(q, a) === null && a > todayIso) return a;
  }
  return new Date(Date.parse(`${todayIso}T00:00:00Z`) + programLengthWeeks * 7 * DAY_MS).toISOString().slice(0, 10);
}

import { useQuery } from '@tanstack/react-query';
import type { OnboardingQuestion } from '@sparkhouse/contracts';
import { ErrorState, LoadingState } from '../../catalogue/QueryStates';
import { onboardingFlowQuery } from '../creator.queries';

const KIND: Record<OnboardingQuestion['kind'], string> = {
  single: 'One choice',
  multi: 'Several choices',
  text: 'Text answer',
  number: 'Number',
};

/** The onboarding flow the build wrote: its pages and questions, as new members will meet them. */
export function OnboardingTab({ appId, building }: { appId: string; building: boolean }) {
  const flow = useQuery({
    ...onboardingFlowQuery(appId),
    refetchInterval: (q) => (building && !q.state.data?.onboardingFlow ? 1500 : false),
  });
  if (flow.isPending) return <LoadingState label="Loading the onboarding flow" />;
  if (flow.isError)
    return <ErrorState title="Could not load the onboarding flow" error={flow.error} onRetry={() => void flow.refetch()} />;
  const pages = flow.data.onboardingFlow?.pages ?? [];
  if (pages.length === 0)
    return (
      <p className="callout">
        {building
          ? 'The onboarding flow appears here once the build writes it.'
          : 'No onboarding flow yet: build the app to get one.'}
      </p>
    );
  return (
    <section className="card" aria-labelledby="onboarding-title">
      <h2 id="onboarding-title">Onboarding flow</h2>
      <p className="muted">
        {pages.length} {pages.length === 1 ? 'page' : 'pages'} new members go through before their plan is made.
      </p>
      <ol className="onboarding-pages">
        {pages.map((page, index) => (
          <li key={page.id} className="onboarding-page">
            <h3>
              {index + 1}. {page.title}
            </h3>
            <ul className="onboarding-page__questions">
              {page.questions.map((q) => (
                <li key={q.id}>
                  <span className="onboarding-page__prompt">{q.prompt}</span> <span className="muted">· {KIND[q.kind]}</span>
                  {q.options && q.options.length > 0 && (
                    <div className="creator-app__chips">
                      {q.options.map((option) => (
                        <span key={option} className="tag tag--neutral">
                          {option}
                        </span>
                      ))}
                    </div>
                  )}
                </li>
              ))}
            </ul>
          </li>
        ))}
      </ol>
    </section>
  );
}

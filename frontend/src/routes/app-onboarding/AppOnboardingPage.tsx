import {
  pageProblems,
  type OnboardingFlow,
  type OnboardingPagesInfo,
  type OnboardingUserState,
  type PublicApp,
} from '@sparkhouse/contracts';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef, useState, type CSSProperties } from 'react';
import { Link, useParams } from 'react-router';
import { errorMessage, getAnonymousId } from '../../api';
import { isApiError } from '../../api/api-error';
import {
  OnboardingProgress,
  OnboardingStepView,
  type Answers,
  publicAppQuery,
  useCompleteOnboarding,
  useCreatePlan,
  useSaveOnboardingState,
  visitorFlowQuery,
  visitorStateQuery,
  type AppAddress,
} from '../../features/app-onboarding';
import { useAuth, sessionIdentity } from '../../features/auth';
import { ErrorState, LoadingState } from '../../features/catalogue';
import { Button, buttonClassName, usePageTitle } from '../../ui';
import { PlanStage } from './PlanStage';

/** The app's accent colour from its theme, when it names one. */
function accentOf(app: PublicApp | undefined): CSSProperties | undefined {
  const theme = app?.theme ?? {};
  const colour = ['primary', 'primaryColor', 'accent', 'accentColor'].map((k) => theme[k]).find((v) => typeof v === 'string');
  return colour ? ({ '--ob-accent': colour } as CSSProperties) : undefined;
}

function AppNotFound() {
  return (
    <section className="page page--narrow state-panel" aria-labelledby="ob-missing-title">
      <p className="state-panel__code" aria-hidden="true">
        404
      </p>
      <h1 id="ob-missing-title">App not found</h1>
      <p className="muted">This app does not exist or is not published yet. Check the link you were given.</p>
      <div className="row">
        <Link to="/" className={buttonClassName('primary')}>
          Back to home
        </Link>
      </div>
    </section>
  );
}

/** The flow, step by step: answers kept on the server as the visitor goes, so a reload resumes. */
function FlowStage({
  address,
  visitorId,
  flow,
  userState,
  pagesInfo,
}: {
  address: AppAddress;
  visitorId: string;
  flow: OnboardingFlow;
  userState: OnboardingUserState | null;
  pagesInfo: OnboardingPagesInfo | null;
}) {
  const [answers, setAnswers] = useState<Answers>(userState?.answers ?? {});
  const [completed, setCompleted] = useState<string[]>(pagesInfo?.completedPageIds ?? []);
  const [index, setIndex] = useState(() =>
    Math.max(
      0,
      flow.pages.findIndex((p) => p.id === pagesInfo?.currentPageId),
    ),
  );
  const [problems, setProblems] = useState<Record<string, string>>({});
  const [error, setError] = useState<string | null>(null);
  const save = useSaveOnboardingState(address, visitorId);
  const complete = useCompleteOnboarding(address, visitorId);
  const createPlan = useCreatePlan(address);
  const stepRef = useRef<HTMLDivElement>(null);
  const page = flow.pages[Math.min(index, flow.pages.length - 1)];
  const last = index >= flow.pages.length - 1;
  const busy = save.isPending || complete.isPending || createPlan.isPending;

  // each step starts at its top, with its heading read out
  useEffect(() => {
    stepRef.current?.querySelector<HTMLElement>('h2')?.focus();
  }, [index]);

  const go = async (to: number, done: string[]) => {
    setError(null);
    try {
      await save.mutateAsync({ userState: { answers }, pagesInfo: { currentPageId: flow.pages[to].id, completedPageIds: done } });
      setCompleted(done);
      setIndex(to);
    } catch (e) {
      setError(errorMessage(e));
    }
  };

  const next = async () => {
    const found = pageProblems(page, answers);
    setProblems(found);
    if (Object.keys(found).length > 0) return;
    const done = completed.includes(page.id) ? completed : [...completed, page.id];
    if (!last) return go(index + 1, done);
    setError(null);
    try {
      // the plan is asked for first: the page that follows shows it being made
      await createPlan.mutateAsync({ userState: { answers } });
      await complete.mutateAsync({ finalUserState: { answers }, pagesInfo: { currentPageId: page.id, completedPageIds: done } });
    } catch (e) {
      setError(errorMessage(e));
    }
  };

  return (
    <form
      className="ob-flow"
      noValidate
      onSubmit={(e) => {
        e.preventDefault();
        void next();
      }}
    >
      <OnboardingProgress index={index} total={flow.pages.length} />
      <div ref={stepRef} className="ob-flow__step" key={page.id}>
        <OnboardingStepView
          page={page}
          answers={answers}
          problems={problems}
          onAnswer={(id, value) => {
            setAnswers((a) => ({ ...a, [id]: value }));
            setProblems(({ [id]: _gone, ...rest }) => rest);
          }}
        />
      </div>
      {error && (
        <p className="ob-question__error" role="alert">
          {error}
        </p>
      )}
      <div className="ob-nav">
        <Button variant="secondary" disabled={index === 0 || busy} onClick={() => void go(index - 1, completed)}>
          Back
        </Button>
        <Button type="submit" loading={busy}>
          {last ? 'See my plan' : page.questions.length === 0 ? 'Continue' : 'Next'}
        </Button>
      </div>
    </form>
  );
}

/** /apps/{storefrontSlug}/{appSlug}/onboarding: a published app's onboarding, with or without an account. */
export function AppOnboardingPage() {
  const params = useParams();
  const address: AppAddress = { storefrontSlug: params.storefrontSlug ?? '', appSlug: params.appSlug ?? '' };
  const { session, signedIn } = useAuth();
  const userId = sessionIdentity(session)?.userId;
  const visitorId = signedIn && userId ? userId : getAnonymousId();
  const queryClient = useQueryClient();
  const app = useQuery(publicAppQuery(address, visitorId));
  const flow = useQuery(visitorFlowQuery(address, visitorId));
  // right after signing in, the anonymous answers are linked a moment later: look again until they show
  const [linking, setLinking] = useState(false);
  const wasAnonymousWithAnswers = useRef(false);
  const state = useQuery({
    ...visitorStateQuery(address, visitorId, signedIn),
    refetchInterval: (q) => (linking && !q.state.data?.completed ? 1000 : false),
  });
  useEffect(() => {
    if (!signedIn && state.data?.completed) wasAnonymousWithAnswers.current = true;
    if (signedIn && wasAnonymousWithAnswers.current) {
      wasAnonymousWithAnswers.current = false;
      setLinking(true);
      const stop = setTimeout(() => setLinking(false), 15_000);
      return () => clearTimeout(stop);
    }
  }, [signedIn, state.data?.completed]);
  useEffect(() => {
    if (linking && state.data?.completed) setLinking(false);
  }, [linking, state.data?.completed]);

  usePageTitle(app.data?.app.name ?? flow.data?.appName);
  const missing = [app.error, flow.error, state.error].some((e) => isApiError(e) && e.status === 404);
  if (missing) return <AppNotFound />;

  const name = app.data?.app.name ?? flow.data?.appName;
  const image = app.data?.app.appImage?.url;
  const failed = app.error ?? flow.error ?? state.error;
  return (
    <section className="page page--narrow ob-page" style={accentOf(app.data?.app)} aria-labelledby="ob-title">
      <header className="ob-page__header">
        {image && <img src={image} alt="" width={56} height={56} className="ob-page__image" />}
        <div>
          <p className="muted ob-page__kicker">Get started</p>
          <h1 id="ob-title">{name ?? 'App onboarding'}</h1>
        </div>
      </header>
      {failed ? (
        <ErrorState
          title="Could not load this app"
          error={failed}
          onRetry={() =>
            void queryClient.invalidateQueries({ queryKey: ['app-visitor', address.storefrontSlug, address.appSlug] })
          }
        />
      ) : !flow.data || !state.data || (linking && !state.data.completed) ? (
        <LoadingState label={linking ? 'Bringing your answers to your account' : 'Loading the onboarding'} />
      ) : state.data.completed ? (
        <PlanStage address={address} visitorId={visitorId} signedIn={signedIn} appName={name ?? 'this app'} />
      ) : (
        <FlowStage
          key={visitorId}
          address={address}
          visitorId={visitorId}
          flow={flow.data.onboardingFlow}
          userState={state.data.userState}
          pagesInfo={state.data.pagesInfo}
        />
      )}
    </section>
  );
}

import { APP_NAME_MAX, PROMPT_MAX, type BrainstormIdea } from '@sparkhouse/contracts';
import { useQuery } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { errorMessage } from '../../api';
import { Button, Spinner, TextBox } from '../../ui';
import { ErrorState, useSignedIn } from '../catalogue';
import { brainstormAppsQuery, brainstormStatusQuery, useBuildApp, useBuildBrainstorm } from './creator.queries';
import { ideaError } from './IdeaStart';
import { useSignedInAction } from './useSignedInAction';

/** A brainstormed idea as a build prompt: what it is, for whom. */
export function ideaPrompt(idea: BrainstormIdea): string {
  return `${idea.title}: ${idea.pitch} For ${idea.audience}`.slice(0, PROMPT_MAX);
}

function IdeaCards({
  brainstormId,
  onStarted,
}: {
  brainstormId: string;
  onStarted: (started: { appId: string; runId: string }) => void;
}) {
  const ideas = useQuery(brainstormAppsQuery(brainstormId));
  const build = useBuildApp();
  const [building, setBuilding] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);

  if (ideas.isPending) return <Spinner label="Loading the ideas" size={20} />;
  if (ideas.isError)
    return <ErrorState title="Could not load the ideas" error={ideas.error} onRetry={() => void ideas.refetch()} />;

  return (
    <div className="build-start__panel">
      {error && (
        <p className="inline-error" role="alert">
          {error}
        </p>
      )}
      <ul className="idea-cards" aria-label="Brainstormed ideas">
        {ideas.data.apps.map((idea) => (
          <li key={idea.title}>
            <article className="idea-card">
              <h3>{idea.title}</h3>
              <p>{idea.pitch}</p>
              <p className="muted">For {idea.audience}</p>
              <Button
                size="small"
                loading={building === idea.title}
                disabled={building !== null && building !== idea.title}
                aria-label={`Build this app: ${idea.title}`}
                onClick={() => {
                  setBuilding(idea.title);
                  setError(null);
                  build.mutate(
                    { prompt: ideaPrompt(idea), appIdea: idea.pitch.slice(0, 2000), name: idea.title.slice(0, APP_NAME_MAX) },
                    {
                      onSuccess: onStarted,
                      onError: (e) => setError(errorMessage(e)),
                      onSettled: () => setBuilding(null),
                    },
                  );
                }}
              >
                Build this app
              </Button>
            </article>
          </li>
        ))}
      </ul>
    </div>
  );
}

function BrainstormResult({
  brainstormId,
  onStarted,
  onRestart,
}: {
  brainstormId: string;
  onStarted: (started: { appId: string; runId: string }) => void;
  onRestart: () => void;
}) {
  const status = useQuery(brainstormStatusQuery(brainstormId));
  if (status.isPending) return <Spinner label="Checking the brainstorm" size={20} />;
  if (status.isError)
    return <ErrorState title="Could not check the brainstorm" error={status.error} onRetry={() => void status.refetch()} />;
  const { status: state, error } = status.data;
  if (state === 'queued' || state === 'running')
    return (
      <p className="row" role="status">
        <Spinner size={18} /> {state === 'queued' ? 'Waiting for a worker…' : 'Brainstorming ideas…'}
      </p>
    );
  if (state === 'failed' || state === 'canceled')
    return (
      <div className="run__outcome run__outcome--failed" role="alert">
        <strong>{state === 'failed' ? 'The brainstorm failed.' : 'The brainstorm was canceled.'}</strong> {error ?? ''}
        <div className="row build-progress__actions">
          <Button variant="secondary" size="small" onClick={onRestart}>
            Try again
          </Button>
        </div>
      </div>
    );
  return <IdeaCards brainstormId={brainstormId} onStarted={onStarted} />;
}

/** Start from a brainstorm: a prompt, ideas as cards, each one can become an app. */
export function BrainstormPanel({
  brainstormId,
  onBrainstormId,
  onStarted,
}: {
  brainstormId: string | null;
  onBrainstormId: (id: string | null) => void;
  onStarted: (started: { appId: string; runId: string }) => void;
}) {
  const [prompt, setPrompt] = useState('');
  const [error, setError] = useState<string | undefined>();
  const brainstorm = useBuildBrainstorm();
  const whenSignedIn = useSignedInAction();
  const signedIn = useSignedIn();

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const problem = ideaError(prompt);
    setError(problem);
    if (problem) return;
    whenSignedIn(() =>
      brainstorm.mutate(prompt.trim(), {
        onSuccess: ({ brainstormId: id }) => onBrainstormId(id),
        onError: (e) => setError(errorMessage(e)),
      }),
    );
  };

  return (
    <section className="card build-start__panel" aria-labelledby="brainstorm-title">
      <div>
        <h2 id="brainstorm-title">Or brainstorm ideas</h2>
        <p className="muted">Name a topic or an audience and get a few app ideas to choose from.</p>
      </div>
      <form className="build-start__panel" onSubmit={submit} noValidate>
        <TextBox
          label="Topic or audience"
          name="brainstorm"
          rows={2}
          limit={PROMPT_MAX}
          value={prompt}
          error={error}
          placeholder="Sourdough baking for beginners"
          onChange={(event) => {
            setPrompt(event.target.value);
            if (error) setError(undefined);
          }}
        />
        <div className="build-start__actions">
          <Button type="submit" variant="secondary" loading={brainstorm.isPending}>
            Brainstorm
          </Button>
        </div>
      </form>
      {brainstormId &&
        (signedIn ? (
          <BrainstormResult brainstormId={brainstormId} onStarted={onStarted} onRestart={() => onBrainstormId(null)} />
        ) : (
          <p className="muted">Sign in to see the ideas of this brainstorm.</p>
        ))}
    </section>
  );
}

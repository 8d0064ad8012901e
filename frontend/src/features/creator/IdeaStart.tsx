import { PROMPT_MAX, PROMPT_MIN } from '@sparkhouse/contracts';
import { useQuery } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { errorMessage } from '../../api';
import { formatTypicalWait } from '../format';
import { Button, TextBox } from '../../ui';
import { clearAppIdea, loadAppIdea, saveAppIdea, useKeptAppIdea } from '../catalogue';
import { AiSourceNote } from './AiSourceNote';
import { buildDurationsQuery, useBuildApp } from './creator.queries';
import { useSignedInAction } from './useSignedInAction';

/** The idea check the server makes too, said before the round trip. */
export function ideaError(text: string): string | undefined {
  const idea = text.trim();
  if (!idea) return 'Describe your app idea first.';
  if (idea.length < PROMPT_MIN) return `Describe your app idea in at least ${PROMPT_MIN} characters.`;
  if (idea.length > PROMPT_MAX) return `Keep your app idea under ${PROMPT_MAX} characters.`;
  return undefined;
}

/** What a build takes, as measured on the last completed builds; nothing claimed before there are any. */
export function buildEstimate(durations: { medianMs: number | null; sampleSize: number } | undefined): string {
  if (!durations || durations.medianMs === null || durations.sampleSize === 0) return 'You can leave and come back.';
  return `Recent builds took ${formatTypicalWait(durations.medianMs)}. You can leave and come back.`;
}

/**
 * Start a build from an idea: the text the home page's app-idea builder kept (appBuilderContextState)
 * is picked up, kept as it is typed, and sent as the prompt (and the stored app idea).
 */
export function IdeaStart({ onStarted }: { onStarted: (started: { appId: string; runId: string }) => void }) {
  const [text, setText] = useKeptAppIdea();
  const [error, setError] = useState<string | undefined>();
  const build = useBuildApp();
  const durations = useQuery(buildDurationsQuery());
  const whenSignedIn = useSignedInAction();

  const start = (idea: string) =>
    build.mutate(
      { prompt: idea, appIdea: loadAppIdea()?.text?.trim() || idea },
      {
        onSuccess: (started) => {
          clearAppIdea();
          onStarted(started);
        },
        onError: (e) => setError(errorMessage(e)),
      },
    );

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const problem = ideaError(text);
    setError(problem);
    if (problem) return;
    const idea = text.trim();
    saveAppIdea(idea);
    whenSignedIn(() => start(idea));
  };

  return (
    <form className="card build-start__panel" onSubmit={submit} noValidate aria-labelledby="idea-start-title">
      <div>
        <h2 id="idea-start-title">Start from your idea</h2>
        <p className="muted">
          Say who the app is for and what it helps them do. We write a blueprint, an onboarding flow, a landing page and an app
          image.
        </p>
      </div>
      <TextBox
        label="Your app idea"
        name="prompt"
        rows={6}
        limit={PROMPT_MAX}
        value={text}
        error={error}
        placeholder="A habit tracker for runners training for their first marathon…"
        onChange={(event) => {
          setText(event.target.value);
          if (error) setError(undefined);
        }}
      />
      <div className="build-start__actions">
        <Button type="submit" size="large" loading={build.isPending}>
          Build my app
        </Button>
        <span className="muted">{buildEstimate(durations.data)}</span>
      </div>
      <AiSourceNote />
    </form>
  );
}

import { PROMPT_MAX } from '@sparkhouse/contracts/constants';
import { useState, type FormEvent } from 'react';
import { useNavigate } from 'react-router';
import { saveAppIdea, useKeptAppIdea } from '../../features/catalogue';
import { Button, TextBox } from '../../ui';

// the same limit as /build's idea box and the buildApp call
export const APP_IDEA_LIMIT = PROMPT_MAX;

/** The home app-idea builder: the text is kept as it is typed, then taken to /build on submit. */
export function AppIdeaBuilder() {
  const navigate = useNavigate();
  const [text, setText] = useKeptAppIdea();
  const [submitting, setSubmitting] = useState(false);
  const [error, setError] = useState<string | undefined>();

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const idea = text.trim();
    if (!idea) {
      setError('Describe your app idea first.');
      return;
    }
    setError(undefined);
    setSubmitting(true);
    saveAppIdea(idea);
    void navigate('/build');
  };

  return (
    <section className="app-idea card" aria-labelledby="app-idea-title">
      <div className="app-idea__intro">
        <p className="eyebrow">For creators</p>
        <h2 id="app-idea-title">What app do you want to build?</h2>
        <p className="muted">Describe it in a sentence or two. We keep your idea on this device while you sign up.</p>
      </div>
      <form className="app-idea__form" onSubmit={submit} noValidate>
        <TextBox
          label="Your app idea"
          name="appIdea"
          rows={3}
          limit={APP_IDEA_LIMIT}
          value={text}
          error={error}
          placeholder="A habit tracker for runners training for their first marathon…"
          onChange={(event) => setText(event.target.value)}
        />
        <Button type="submit" size="large" loading={submitting}>
          Build my app
        </Button>
      </form>
    </section>
  );
}

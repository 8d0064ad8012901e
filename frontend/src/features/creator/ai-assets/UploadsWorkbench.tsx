import { useState, type FormEvent } from 'react';
import { UPLOADS_MAX, UPLOADS_PROMPT_MAX, type AnalyzeUploadsResult, type AppMedia } from '@sparkhouse/contracts';
import { errorMessage } from '../../../api';
import { Button, TextBox } from '../../../ui';
import { RunWaiting, useJobRunLive } from '../../realtime';
import { analysisOf, useAnalyzeUploads, useImageFromInputs } from './ai-assets.queries';

type Mode = 'analyze' | 'image';

const MODES: { mode: Mode; label: string; prompt: string; placeholder: string; action: string }[] = [
  {
    mode: 'analyze',
    label: 'Analyze',
    prompt: 'What do you want to know about them?',
    placeholder: 'Which of these would make the best cover, and why?',
    action: 'Analyze the files',
  },
  {
    mode: 'image',
    label: 'Make an image from these',
    prompt: 'What should the new image be?',
    placeholder: 'A poster for the spring class with these photos',
    action: 'Make the image',
  },
];

/**
 * What the creator can do with the files chosen in the Media tab: ask a question about them (the
 * answer is written from what each file holds) or make a new picture from them, which joins the
 * library. Quick answers show at once; longer ones are followed live on the run.
 */
export default function UploadsWorkbench({ appId, items, onClear }: { appId: string; items: AppMedia[]; onClear: () => void }) {
  const [mode, setMode] = useState<Mode>('analyze');
  const [prompt, setPrompt] = useState('');
  const [formError, setFormError] = useState<string | null>(null);
  const analyze = useAnalyzeUploads(appId);
  const image = useImageFromInputs(appId);
  const current = MODES.find((m) => m.mode === mode)!;
  const busy = analyze.isPending || image.isPending;

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const words = prompt.trim();
    if (!words) {
      setFormError(mode === 'analyze' ? 'Say what you want to know.' : 'Say what the image should be.');
      return;
    }
    setFormError(null);
    const input = { items: items.map((i) => ({ url: i.url, type: i.type })), prompt: words };
    if (mode === 'analyze') analyze.mutate(input);
    else image.mutate(input);
  };

  return (
    <section className="uploads-workbench card" aria-labelledby="uploads-workbench-title">
      <div className="uploads-workbench__head">
        <h3 id="uploads-workbench-title">
          {items.length} {items.length === 1 ? 'file' : 'files'} selected
        </h3>
        <Button variant="transparent" size="small" onClick={onClear}>
          Clear selection
        </Button>
      </div>
      {items.length >= UPLOADS_MAX && <p className="muted small">{UPLOADS_MAX} files at most can be used at once.</p>}
      <div className="media-filters" role="group" aria-label="With the selected files">
        {MODES.map((m) => (
          <button
            key={m.mode}
            type="button"
            className="media-filter"
            aria-pressed={mode === m.mode}
            onClick={() => setMode(m.mode)}
          >
            {m.label}
          </button>
        ))}
      </div>
      <form className="uploads-workbench__form" onSubmit={submit} noValidate>
        <TextBox
          label={current.prompt}
          placeholder={current.placeholder}
          rows={2}
          limit={UPLOADS_PROMPT_MAX}
          value={prompt}
          onChange={(e) => setPrompt(e.target.value)}
          error={formError ?? undefined}
        />
        <Button type="submit" loading={busy} disabled={busy}>
          {current.action}
        </Button>
      </form>

      {mode === 'analyze' && (
        <div className="uploads-workbench__result">
          {analyze.isError && (
            <p role="alert" className="inline-error">
              {errorMessage(analyze.error)}
            </p>
          )}
          {analyze.data?.status === 'completed' && <Analysis result={analyze.data} />}
          {analyze.data?.status === 'running' && <LiveAnalysis key={analyze.data.runId} runId={analyze.data.runId} />}
        </div>
      )}
      {mode === 'image' && (
        <div className="uploads-workbench__result">
          {image.isError && (
            <p role="alert" className="inline-error">
              {errorMessage(image.error)}
            </p>
          )}
          {image.data?.status === 'completed' && (
            <MadeImage url={image.data.media.thumbnailUrl ?? image.data.media.url} note={image.data.fallbackReason} />
          )}
          {image.data?.status === 'running' && <LiveImage key={image.data.runId} runId={image.data.runId} />}
        </div>
      )}
    </section>
  );
}

function Analysis({ result }: { result: AnalyzeUploadsResult }) {
  return (
    <div className="uploads-workbench__analysis" role="region" aria-label="Analysis" aria-live="polite">
      <p>{result.analysis}</p>
      {result.highlights.length > 0 && (
        <ul className="link-card__highlights">
          {result.highlights.map((h) => (
            <li key={h}>{h}</li>
          ))}
        </ul>
      )}
      <p className="muted small">
        {result.generatedBy === 'local-generator'
          ? 'Written by the built-in analyst from what was read from each file.'
          : `Written by ${result.generatedBy} from what was read from each file.`}
      </p>
    </div>
  );
}

/** An analysis still being written: its progress, live, then the analysis or why it failed. */
function LiveAnalysis({ runId }: { runId: string }) {
  const { data: run, isError, error } = useJobRunLive(runId);
  const result = analysisOf(run);
  if (!isError && result) return <Analysis result={result} />;
  return (
    <RunWaiting
      run={run}
      error={isError ? error : null}
      label="Analyzing the files"
      failed="Failed to analyze uploads"
      className="link-card__progress"
    />
  );
}

function MadeImage({ url, note }: { url: string; note?: string }) {
  return (
    <div className="uploads-workbench__made" aria-live="polite">
      <img src={url} alt="The new image" loading="lazy" />
      <p>The new image is in your media library.</p>
      {note && <p className="muted small">{note}</p>}
    </div>
  );
}

/**
 * A picture still being made: its progress, live. The picture joins the library as the run's completion
 * is stored, a moment after the run is announced done; that addition is pushed to the Media tab
 * (`media:added`), which reads the library again and shows it.
 */
function LiveImage({ runId }: { runId: string }) {
  const { data: run, isError, error } = useJobRunLive(runId);
  const done = run?.status === 'completed';
  if (!isError && done) return <p aria-live="polite">The new image is in your media library.</p>;
  return (
    <RunWaiting
      run={run}
      error={isError ? error : null}
      label="Making the image"
      failed="Failed to generate image"
      className="link-card__progress"
    />
  );
}

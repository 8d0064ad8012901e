import { useEffect, useState, type FormEvent } from 'react';
import type { AppImage } from '@sparkhouse/contracts';
import { errorMessage } from '../../../api';
import { Button, Modal, TextBox } from '../../../ui';
import { RunWaiting, useJobRunLive } from '../../realtime';
import { imageOf, useGenerateAppImage, useRefreshApps } from './ai-assets.queries';

const PROMPT_MAX = 1000;

/** "New image": the creator says what the app image should show; a new one is made and becomes the app's image. */
export function AppImageControl({ appId, appName }: { appId: string; appName: string }) {
  const [open, setOpen] = useState(false);
  return (
    <>
      <Button variant="secondary" size="small" onClick={() => setOpen(true)}>
        New image
      </Button>
      <Modal open={open} onClose={() => setOpen(false)} title="A new app image" size="small">
        {open && <GenerateImageForm appId={appId} appName={appName} onDone={() => setOpen(false)} />}
      </Modal>
    </>
  );
}

function GenerateImageForm({ appId, appName, onDone }: { appId: string; appName: string; onDone: () => void }) {
  const [prompt, setPrompt] = useState('');
  const generate = useGenerateAppImage(appId);
  const answer = generate.data;

  const submit = (event: FormEvent) => {
    event.preventDefault();
    generate.mutate(prompt.trim() ? { prompt: prompt.trim(), imageContext: 'app icon' } : { imageContext: 'app icon' });
  };

  return (
    <div className="app-image-form">
      {!answer && (
        <form onSubmit={submit} className="app-image-form__form">
          <TextBox
            label="What should it show? (optional)"
            value={prompt}
            onChange={(e) => setPrompt(e.target.value.slice(0, PROMPT_MAX))}
            rows={3}
          />
          <p className="muted small">Leave it empty for a new take on {appName}’s idea.</p>
          <Button type="submit" loading={generate.isPending}>
            Generate image
          </Button>
        </form>
      )}
      {generate.isError && (
        <p role="alert" className="inline-error">
          {errorMessage(generate.error)}
        </p>
      )}
      {answer?.status === 'completed' && <NewImage image={answer.appImage} appName={appName} onDone={onDone} />}
      {answer?.status === 'running' && <LiveImage runId={answer.runId} appName={appName} onDone={onDone} />}
    </div>
  );
}

function NewImage({ image, appName, onDone }: { image: AppImage; appName: string; onDone: () => void }) {
  return (
    <div className="app-image-form__result" aria-live="polite">
      <img src={image.url} alt={`${appName}’s new app image`} width={160} height={160} />
      <p>This is now the app’s image.</p>
      <Button onClick={onDone}>Done</Button>
    </div>
  );
}

/** An image still being made: its progress, live, then the image (and the app re-read) or why it failed. */
function LiveImage({ runId, appName, onDone }: { runId: string; appName: string; onDone: () => void }) {
  const { data: run } = useJobRunLive(runId);
  const refreshApps = useRefreshApps();
  const image = imageOf(run);
  useEffect(() => {
    if (image) void refreshApps();
    // once, when the image arrives
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [image?.url]);
  if (image) return <NewImage image={image} appName={appName} onDone={onDone} />;
  return <RunWaiting run={run} label="Making the image" failed="Failed to generate image" />;
}

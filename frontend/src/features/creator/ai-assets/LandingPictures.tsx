import { useEffect, useState, type FormEvent } from 'react';
import type { LandingPage } from '@sparkhouse/contracts';
import { useQueryClient } from '@tanstack/react-query';
import { errorMessage } from '../../../api';
import { Button, SelectField, TextBox } from '../../../ui';
import { RunWaiting, useJobRunLive } from '../../realtime';
import { creatorKeys } from '../creator.queries';
import { useLandingPictures, type PictureRequest } from './ai-assets.queries';

/**
 * "Pictures" beside the landing-page editor: a new picture for the hero or a section, or new store
 * screenshots, each made by a job and saved as a new landing-page version (the editor keeps unsaved
 * edits, as with any new version).
 */
export function LandingPictures({ appId, page }: { appId: string; page: LandingPage }) {
  const [target, setTarget] = useState('hero');
  const [instructions, setInstructions] = useState('');
  const pictures = useLandingPictures(appId);
  const answer = pictures.data;

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const words = instructions.trim() || undefined;
    const request: PictureRequest =
      target === 'screenshots'
        ? { kind: 'screenshots', additionalPrompt: words }
        : { kind: 'image', imageType: target, specificInstructions: words };
    pictures.mutate(request);
  };

  return (
    <section className="card landing-pictures" aria-labelledby="landing-pictures-title">
      <h2 id="landing-pictures-title">Pictures</h2>
      <form onSubmit={submit} className="landing-pictures__form">
        <SelectField label="Make a new" id="landing-picture-target" value={target} onChange={(e) => setTarget(e.target.value)}>
          <option value="hero">Hero picture</option>
          {page.sections.map((section, index) => (
            <option key={index} value={`section-${index + 1}`}>
              Picture for section {index + 1}: {section.title}
            </option>
          ))}
          <option value="screenshots">Set of store screenshots</option>
        </SelectField>
        <TextBox
          label="Instructions (optional)"
          rows={2}
          value={instructions}
          onChange={(e) => setInstructions(e.target.value.slice(0, 1000))}
        />
        <Button type="submit" variant="secondary" loading={pictures.isPending}>
          Generate
        </Button>
      </form>
      {pictures.isError && (
        <p role="alert" className="inline-error">
          {errorMessage(pictures.error)}
        </p>
      )}
      {answer?.status === 'completed' && (
        <p className="muted" aria-live="polite">
          Saved as a new version of the landing page.
        </p>
      )}
      {answer?.status === 'running' && <LivePictures appId={appId} runId={answer.runId} />}
    </section>
  );
}

/** Pictures still being drawn: progress live; when done the landing page and its versions are read again. */
function LivePictures({ appId, runId }: { appId: string; runId: string }) {
  const { data: run } = useJobRunLive(runId);
  const queryClient = useQueryClient();
  const done = run?.status === 'completed';
  useEffect(() => {
    if (done) void queryClient.invalidateQueries({ queryKey: creatorKeys.landingPageVersions(appId) });
  }, [done, appId, queryClient]);
  if (done) return <p className="muted">Saved as a new version of the landing page.</p>;
  return <RunWaiting run={run} label="Drawing the pictures" failed="Failed to generate image" />;
}

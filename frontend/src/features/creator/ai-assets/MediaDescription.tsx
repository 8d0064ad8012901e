import { useEffect, useRef } from 'react';
import type { AppMedia } from '@sparkhouse/contracts';
import { errorMessage } from '../../../api';
import { Button } from '../../../ui';
import { RunProgress, runMessage, useJobRunLive } from '../../realtime';
import { mediaDescriptionOf, useDescribeMedia, useKeepDescription } from './ai-assets.queries';

const NOUN = { pdf: 'PDF', video: 'video', audio: 'recording' } as const;

/** A PDF's, video's or recording's description: the one kept with it, or "Describe" to have one written from the file. */
export function MediaDescription({ item }: { item: AppMedia }) {
  if (item.type === 'image') return null;
  return <Describable key={item.mediaId} item={{ ...item, type: item.type }} />;
}

function Describable({ item }: { item: AppMedia & { type: 'pdf' | 'video' | 'audio' } }) {
  const describe = useDescribeMedia(item);
  const kept = typeof item.metadata.description === 'string' ? item.metadata.description : null;
  const answer = describe.data;
  return (
    <section className="media-description" aria-label="Description">
      {kept && <p>{kept}</p>}
      {!kept && answer?.status === 'completed' && <p>{answer.description}</p>}
      {answer?.status === 'running' && <LiveDescription item={item} runId={answer.runId} />}
      {describe.isError && (
        <p role="alert" className="inline-error">
          {errorMessage(describe.error)}
        </p>
      )}
      {answer?.status !== 'running' && (
        <Button variant="secondary" size="small" loading={describe.isPending} onClick={() => describe.mutate()}>
          {kept ? 'Describe again' : `Describe this ${NOUN[item.type]}`}
        </Button>
      )}
    </section>
  );
}

/** A description still being written: live progress; when it arrives it is kept with the file. */
function LiveDescription({ item, runId }: { item: AppMedia & { type: 'pdf' | 'video' | 'audio' }; runId: string }) {
  const { data: run } = useJobRunLive(runId);
  const keep = useKeepDescription(item);
  const described = mediaDescriptionOf(run);
  const kept = useRef(false);
  useEffect(() => {
    if (!described || kept.current) return;
    kept.current = true;
    void keep(described);
  }, [described, keep]);
  if (described) return <p>{described.description}</p>;
  if (run?.status === 'failed' || run?.status === 'canceled') {
    return (
      <p role="alert" className="inline-error">
        {run.error ?? `Failed to generate ${item.type === 'pdf' ? 'PDF' : item.type} description`}
      </p>
    );
  }
  return run ? (
    <div>
      <RunProgress run={run} label="Writing the description" />
      <p className="muted" aria-live="polite">
        {runMessage(run)}
      </p>
    </div>
  ) : (
    <p className="muted">Starting…</p>
  );
}

import { useCallback, useEffect, useRef, useState } from 'react';
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
  // why a description followed live did not arrive (the run failed, or it could not be kept)
  const [liveError, setLiveError] = useState<string | null>(null);
  const kept = typeof item.metadata.description === 'string' ? item.metadata.description : null;
  const answer = describe.data;
  const running = answer?.status === 'running' ? answer.runId : null;
  const start = () => {
    setLiveError(null);
    describe.mutate();
  };
  // a run followed live has ended: its description is kept with the file (or it failed), so the call is done with
  const ended = useCallback(
    (error: string | null) => {
      setLiveError(error);
      describe.reset();
    },
    // reset is stable; the mutation object is new each render
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [describe.reset],
  );
  return (
    <section className="media-description" aria-label="Description">
      {kept && !running && <p>{kept}</p>}
      {!kept && answer?.status === 'completed' && <p>{answer.description}</p>}
      {running && <LiveDescription item={item} runId={running} onEnded={ended} />}
      {(describe.isError || liveError) && (
        <p role="alert" className="inline-error">
          {liveError ?? errorMessage(describe.error)}
        </p>
      )}
      {!running && (
        <Button variant="secondary" size="small" loading={describe.isPending} onClick={start}>
          {kept ? 'Describe again' : `Describe this ${NOUN[item.type]}`}
        </Button>
      )}
    </section>
  );
}

/**
 * A description still being written: live progress. When it arrives it is kept with the file, and
 * `onEnded(null)` is called once the library shows it; a failed run ends with its reason.
 */
function LiveDescription({
  item,
  runId,
  onEnded,
}: {
  item: AppMedia & { type: 'pdf' | 'video' | 'audio' };
  runId: string;
  onEnded: (error: string | null) => void;
}) {
  const { data: run } = useJobRunLive(runId);
  const keep = useKeepDescription(item);
  const described = mediaDescriptionOf(run);
  const failed = run?.status === 'failed' || run?.status === 'canceled';
  const ended = useRef(false);
  useEffect(() => {
    if (ended.current || (!described && !failed)) return;
    ended.current = true;
    if (described)
      keep(described).then(
        () => onEnded(null),
        (error: unknown) => onEnded(errorMessage(error)),
      );
    else onEnded(run?.error ?? `Failed to generate ${item.type === 'pdf' ? 'PDF' : item.type} description`);
  }, [described, failed, keep, onEnded, run?.error, item.type]);
  if (described) return <p>{described.description}</p>;
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

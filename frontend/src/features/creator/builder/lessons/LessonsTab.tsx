import type { AppLesson, AppMedia, MediaType } from '@sparkhouse/contracts';
import { queryOptions, useInfiniteQuery, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useId, useMemo, useState, type FormEvent } from 'react';
import { errorMessage } from '../../../../api';
import { memberApp } from '../../../../api/routes';
import { Button, Input, SelectField, useToast } from '../../../../ui';
import { EmptyState, ErrorState, LoadingState } from '../../../catalogue';
import { callCreator } from '../../creator-api';
import { creatorKeys } from '../../creator.queries';
import { MediaIcon } from '../media/MediaCard';
import { appMediaQuery, mediaName } from '../media/media.queries';
import './lessons.css';

/** What can be a lesson: the library's videos, audio and PDFs. */
const LESSON_TYPES: MediaType[] = ['video', 'audio', 'pdf'];
/** Phases a lesson may belong to (a personalized plan has at most 40). */
const PHASES = Array.from({ length: 40 }, (_, i) => i + 1);
const KIND: Record<AppLesson['mediaType'], string> = { video: 'Video', audio: 'Audio', pdf: 'PDF' };

export const lessonKeys = { all: (appId: string) => [...creatorKeys.app(appId), 'lessons'] as const };

export const appLessonsQuery = (appId: string) =>
  queryOptions({
    queryKey: lessonKeys.all(appId),
    queryFn: ({ signal }) => callCreator(memberApp.getAppLessons, { query: { appId }, signal }),
  });

function lessonTitle(item: AppMedia): string {
  const titled = item.metadata.title;
  return typeof titled === 'string' && titled.trim() ? titled : mediaName(item).replace(/\.[a-z0-9]{2,4}$/i, '');
}

/** Marks a medium of the library as a lesson of a phase: which file, which phase, what members read as its title. */
function AddLesson({
  appId,
  lessons,
  onMarked,
}: {
  appId: string;
  lessons: readonly AppLesson[];
  onMarked: (answer: { lessons: AppLesson[] }) => void;
}) {
  const media = useInfiniteQuery(appMediaQuery(appId, LESSON_TYPES));
  const items = useMemo(() => media.data?.pages.flatMap((p) => p.media) ?? [], [media.data]);
  const marked = new Set(lessons.map((l) => l.mediaId));
  const choices = items.filter((i) => LESSON_TYPES.includes(i.type) && !marked.has(i.mediaId));
  const [mediaId, setMediaId] = useState('');
  const [phase, setPhase] = useState(1);
  const [title, setTitle] = useState('');
  const chosen = choices.find((c) => c.mediaId === mediaId) ?? null;
  const toast = useToast();
  const mark = useMutation({
    mutationFn: (body: { mediaId: string; phaseNumber: number; title?: string }) =>
      callCreator(memberApp.markAppLesson, { body: { appId, ...body } }),
    onSuccess: (answer, body) => {
      onMarked(answer);
      const added = answer.lessons.find((l) => l.mediaId === body.mediaId);
      toast.show({ kind: 'success', message: `“${added?.title ?? 'The lesson'}” is a lesson of phase ${body.phaseNumber}.` });
      setMediaId('');
      setTitle('');
    },
  });
  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (!chosen) return;
    mark.mutate({ mediaId: chosen.mediaId, phaseNumber: phase, title: title.trim() || lessonTitle(chosen) });
  };

  if (media.isPending) return <LoadingState label="Loading your videos, audio and PDFs" />;
  if (media.isError)
    return <ErrorState error={media.error} title="Could not load the media library" onRetry={() => void media.refetch()} />;
  if (items.length === 0)
    return (
      <EmptyState title="No videos, audio or PDFs yet">
        <p className="muted">Upload them on the Media tab; then make them lessons here.</p>
      </EmptyState>
    );
  return (
    <form className="card lessons-add" aria-labelledby="lessons-add-title" onSubmit={submit}>
      <h3 id="lessons-add-title">Add a lesson</h3>
      {choices.length === 0 ? (
        <p className="muted">Every video, audio and PDF of your library is a lesson already.</p>
      ) : (
        <>
          <div className="lessons-add__fields">
            <SelectField
              label="Media"
              value={mediaId}
              onChange={(e) => {
                setMediaId(e.target.value);
                setTitle('');
                mark.reset();
              }}
              required
            >
              <option value="" disabled>
                Choose a video, audio or PDF
              </option>
              {choices.map((c) => (
                <option key={c.mediaId} value={c.mediaId}>
                  {mediaName(c)} ({KIND[c.type as AppLesson['mediaType']]})
                </option>
              ))}
            </SelectField>
            <SelectField label="Phase" value={String(phase)} onChange={(e) => setPhase(Number(e.target.value))}>
              {PHASES.map((n) => (
                <option key={n} value={n}>
                  Phase {n}
                </option>
              ))}
            </SelectField>
            <Input
              label="Title members see"
              value={title}
              placeholder={chosen ? lessonTitle(chosen) : undefined}
              maxLength={160}
              onChange={(e) => setTitle(e.target.value)}
            />
          </div>
          {media.hasNextPage && (
            <Button
              variant="transparent"
              size="small"
              loading={media.isFetchingNextPage}
              onClick={() => void media.fetchNextPage()}
            >
              Show more of the library
            </Button>
          )}
          {mark.isError && (
            <p className="inline-error" role="alert">
              {errorMessage(mark.error)}
            </p>
          )}
          <div>
            <Button type="submit" loading={mark.isPending} disabled={!chosen}>
              Add lesson
            </Button>
          </div>
        </>
      )}
    </form>
  );
}

/** One lesson of a phase: its kind and title, its place in the phase, its phase (changed in place), and Remove. */
function LessonRow({
  lesson,
  busy,
  onMove,
  onRemove,
  onUp,
  onDown,
}: {
  lesson: AppLesson;
  busy: boolean;
  onMove: (phaseNumber: number) => void;
  onRemove: () => void;
  /** Earlier in its phase (absent for the first). */
  onUp?: () => void;
  /** Later in its phase (absent for the last). */
  onDown?: () => void;
}) {
  const selectId = useId();
  return (
    <li className="lessons-row" data-testid="lesson-row">
      <span className="lessons-row__icon">
        <MediaIcon type={lesson.mediaType} size={28} />
      </span>
      <span className="lessons-row__name">
        <strong>{lesson.title}</strong>
        <span className="muted small">{KIND[lesson.mediaType]}</span>
      </span>
      <label className="visually-hidden" htmlFor={selectId}>
        Phase of {lesson.title}
      </label>
      <select
        id={selectId}
        className="lessons-row__phase"
        value={lesson.phaseNumber}
        disabled={busy}
        onChange={(e) => onMove(Number(e.target.value))}
      >
        {PHASES.map((n) => (
          <option key={n} value={n}>
            Phase {n}
          </option>
        ))}
      </select>
      <span className="lessons-row__order">
        <Button variant="transparent" size="small" disabled={busy || !onUp} onClick={onUp} aria-label={`Move ${lesson.title} up`}>
          ↑
        </Button>
        <Button
          variant="transparent"
          size="small"
          disabled={busy || !onDown}
          onClick={onDown}
          aria-label={`Move ${lesson.title} down`}
        >
          ↓
        </Button>
      </span>
      <Button
        variant="transparent"
        size="small"
        disabled={busy}
        onClick={onRemove}
        aria-label={`Remove ${lesson.title} from the lessons`}
      >
        Remove
      </Button>
    </li>
  );
}

/**
 * The builder's Lessons tab (issue 29): the creator makes videos, audio and PDFs of the app's library
 * lessons of a phase of the members' plans; members play them in the app's Lessons, phase by phase,
 * and resume where they stopped. Within a phase, lessons show in the creator's order (a new one goes last).
 */
export default function LessonsTab({ appId }: { appId: string }) {
  const lessons = useQuery(appLessonsQuery(appId));
  const queryClient = useQueryClient();
  const toast = useToast();
  const put = (answer: { lessons: AppLesson[] }) => queryClient.setQueryData(lessonKeys.all(appId), answer);
  const change = useMutation({
    mutationFn: (body: { mediaId: string; phaseNumber: number | null; title: string }) =>
      callCreator(memberApp.markAppLesson, { body: { appId, ...body } }),
    onSuccess: (answer, body) => {
      put(answer);
      toast.show({
        kind: 'success',
        message:
          body.phaseNumber === null
            ? `“${body.title}” is no longer a lesson.`
            : `“${body.title}” moved to phase ${body.phaseNumber}.`,
      });
    },
    onError: (error) => toast.show({ kind: 'error', title: 'Could not change the lesson', message: errorMessage(error) }),
  });

  const reorder = useMutation({
    mutationFn: (body: { phaseNumber: number; mediaIds: string[] }) =>
      callCreator(memberApp.reorderAppLessons, { body: { appId, ...body } }),
    onSuccess: put,
    onError: (error) => toast.show({ kind: 'error', title: 'Could not change the order', message: errorMessage(error) }),
  });
  /** The phase's lessons with the one at `from` moved to `to`. */
  const moved = (list: readonly AppLesson[], from: number, to: number) => {
    const ids = list.map((l) => l.mediaId);
    const [id] = ids.splice(from, 1);
    ids.splice(to, 0, id);
    return ids;
  };

  const byPhase = useMemo(() => {
    const groups = new Map<number, AppLesson[]>();
    for (const l of lessons.data?.lessons ?? []) groups.set(l.phaseNumber, [...(groups.get(l.phaseNumber) ?? []), l]);
    return [...groups.entries()].sort(([a], [b]) => a - b);
  }, [lessons.data]);

  return (
    <section className="lessons-tab" aria-labelledby="lessons-title">
      <div className="lessons-tab__head">
        <h2 id="lessons-title">Lessons</h2>
        <p className="muted">
          Make videos, audio and PDFs of your library guided lessons of a phase. Members find them in the app’s Lessons, phase by
          phase, and pick up where they stopped.
        </p>
      </div>

      {lessons.isPending ? (
        <LoadingState label="Loading the lessons" />
      ) : lessons.isError ? (
        <ErrorState error={lessons.error} title="Could not load the lessons" onRetry={() => void lessons.refetch()} />
      ) : (
        <>
          <AddLesson appId={appId} lessons={lessons.data.lessons} onMarked={put} />
          {byPhase.length === 0 ? (
            <EmptyState title="No lessons yet">
              <p className="muted">Add one above: members see it in the phase you choose.</p>
            </EmptyState>
          ) : (
            <div className="lessons-phases" data-testid="lessons-by-phase">
              {byPhase.map(([phase, list]) => (
                <section key={phase} className="card lessons-phase" aria-labelledby={`lessons-phase-${phase}`}>
                  <h3 id={`lessons-phase-${phase}`}>
                    Phase {phase}{' '}
                    <span className="muted small">
                      · {list.length} {list.length === 1 ? 'lesson' : 'lessons'}
                    </span>
                  </h3>
                  <ol className="lessons-list" aria-label={`Lessons of phase ${phase}`}>
                    {list.map((l, index) => (
                      <LessonRow
                        key={l.mediaId}
                        lesson={l}
                        busy={(change.isPending && change.variables?.mediaId === l.mediaId) || reorder.isPending}
                        onUp={
                          index > 0
                            ? () => reorder.mutate({ phaseNumber: phase, mediaIds: moved(list, index, index - 1) })
                            : undefined
                        }
                        onDown={
                          index < list.length - 1
                            ? () => reorder.mutate({ phaseNumber: phase, mediaIds: moved(list, index, index + 1) })
                            : undefined
                        }
                        onMove={(phaseNumber) => change.mutate({ mediaId: l.mediaId, phaseNumber, title: l.title })}
                        onRemove={() => change.mutate({ mediaId: l.mediaId, phaseNumber: null, title: l.title })}
                      />
                    ))}
                  </ol>
                </section>
              ))}
            </div>
          )}
        </>
      )}
    </section>
  );
}

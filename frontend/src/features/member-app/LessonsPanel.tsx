import type { MemberHome } from '@sparkhouse/contracts';
import { useEffect, useRef, useState } from 'react';
import { callApi } from '../../api/call-api';
import { memberApp } from '../../api/routes';
import type { AppAddress } from './member-app.queries';

type Lesson = MemberHome['lessons'][number];
const SAVE_EVERY_MS = 10_000;

/** A video or audio lesson: starts where the member left it, and saves their place as they play (as classes do). */
function Player({ lesson, address, readOnly }: { lesson: Lesson; address: AppAddress; readOnly: boolean }) {
  const ref = useRef<HTMLVideoElement & HTMLAudioElement>(null);
  const lastSaved = useRef({ at: Date.now(), position: lesson.positionInSeconds });
  const save = () => {
    const el = ref.current;
    if (!el || readOnly || !Number.isFinite(el.duration) || el.duration <= 0) return;
    const position = el.currentTime;
    const watched = Math.max(0, Math.min(3600, position - lastSaved.current.position));
    lastSaved.current = { at: Date.now(), position };
    void callApi(memberApp.saveLessonProgress, {
      params: { ...address },
      body: {
        mediaId: lesson.mediaId,
        positionInSeconds: position,
        percentComplete: Math.min(100, (position / el.duration) * 100),
        additionalSecondsWatched: watched,
      },
    }).catch(() => undefined); // offline: the next save carries the place
  };
  const onTime = () => {
    if (Date.now() - lastSaved.current.at >= SAVE_EVERY_MS) save();
  };
  const onLoaded = () => {
    const el = ref.current;
    if (el && lesson.positionInSeconds > 0 && lesson.positionInSeconds < el.duration - 1)
      el.currentTime = lesson.positionInSeconds;
  };
  const props = {
    ref,
    src: lesson.url,
    controls: true,
    preload: 'metadata',
    onLoadedMetadata: onLoaded,
    onTimeUpdate: onTime,
    onPause: save,
    onEnded: save,
  };
  return lesson.mediaType === 'video' ? (
    <video {...props} className="ma-lesson__media" playsInline />
  ) : (
    <audio {...props} className="ma-lesson__media" />
  );
}

/** The app's guided lessons, by phase; the member's place in each is kept. */
export function LessonsPanel({ home, address, readOnly }: { home: MemberHome; address: AppAddress; readOnly: boolean }) {
  const [open, setOpen] = useState<string | null>(null);
  useEffect(() => setOpen(null), [address.storefrontSlug, address.appSlug]);
  if (home.lessons.length === 0)
    return (
      <div className="state-box state-box--empty">
        <h2 className="state-box__title">No lessons yet</h2>
        <p className="muted">The creator's guided lessons appear here, phase by phase.</p>
      </div>
    );
  const phaseTitle = (n: number) => home.plan?.phases[n - 1]?.title ?? `Phase ${n}`;
  return (
    <ul className="ma-lessons">
      {home.lessons.map((l) => (
        <li key={l.mediaId} className="card ma-lesson">
          <p className="ma-eyebrow">
            Phase {l.phaseNumber} · {phaseTitle(l.phaseNumber)} · {l.mediaType.toUpperCase()}
          </p>
          <h3>{l.title}</h3>
          <p className="muted">{l.percentComplete > 0 ? `${Math.round(l.percentComplete)}% done` : 'Not started'}</p>
          {l.mediaType === 'pdf' ? (
            <a href={l.url} target="_blank" rel="noreferrer">
              Open the PDF
            </a>
          ) : open === l.mediaId ? (
            <Player lesson={l} address={address} readOnly={readOnly} />
          ) : (
            <button type="button" className="link-button" onClick={() => setOpen(l.mediaId)}>
              {l.positionInSeconds > 0 ? 'Resume' : 'Play'}
            </button>
          )}
        </li>
      ))}
    </ul>
  );
}

import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import {
  chapterAt,
  chapterPercent,
  fitChapters,
  toChapters,
  type Chapter,
  useSaveProgress,
  type Product,
  resumePosition,
  WatchProgressTracker,
} from '../../features/catalogue';
import { formatDuration } from '../../features/format';

type SaveReason = 'periodic' | 'pause' | 'ended' | 'chapter' | 'leave';

/**
 * Plays the product's video and saves progress while watching: every ~5 s of playback, on pause,
 * at the end, when a chapter ends, and when the page is left (pagehide or navigating away).
 */
export function VideoPlayer({ product, savedPosition }: { product: Product; savedPosition: number | null }) {
  const videoRef = useRef<HTMLVideoElement>(null);
  const tracker = useRef(new WatchProgressTracker());
  const declared = useMemo(() => toChapters(product.media.contents), [product.media.contents]);
  const chaptersRef = useRef<Chapter[]>(declared);
  const currentChapterRef = useRef<Chapter | null>(null);
  const lastSavedPosition = useRef<number | null>(null);
  const saving = useRef(false);
  // Nothing is saved before the video knows its length and has jumped to the resume point.
  const ready = useRef(false);
  // React detaches videoRef before effect cleanups run: keep the element for the save on leaving.
  const loadedVideo = useRef<HTMLVideoElement | null>(null);
  const [chapters, setChapters] = useState<Chapter[]>(declared);
  const [current, setCurrent] = useState<string | null>(declared[0]?.contentId ?? null);
  const [status, setStatus] = useState<string>('');
  const { mutateAsync } = useSaveProgress();

  const save = useCallback(
    (reason: SaveReason, at?: { chapter: Chapter; position: number; percent: number }) => {
      const video = videoRef.current ?? loadedVideo.current;
      if (!video || !ready.current) return;
      const position = at?.position ?? video.currentTime;
      const chapter = at?.chapter ?? chapterAt(chaptersRef.current, position);
      if (!chapter) return;
      const leaving = reason === 'leave';
      // One periodic save at a time; the seconds wait in the tracker for the next one.
      if (saving.current && reason === 'periodic') return;
      const moved = lastSavedPosition.current === null || Math.abs(position - lastSavedPosition.current) >= 1;
      if (tracker.current.unsavedSeconds < 1 && !moved && reason !== 'ended') return;

      const update = {
        ...tracker.current.takeUpdate(position, video.duration),
        percent_complete: at?.percent ?? (reason === 'ended' ? 100 : chapterPercent(chapter, position)),
      };
      lastSavedPosition.current = position;
      saving.current = true;
      mutateAsync({ productId: product.id, contentId: chapter.contentId, update, keepalive: leaving })
        .then(() => {
          if (!leaving) setStatus(`Progress saved at ${formatDuration(update.position_in_seconds * 1000)}`);
        })
        .catch(() => {
          tracker.current.restore(update);
          lastSavedPosition.current = null;
          if (!leaving) setStatus('Could not save your progress; retrying as you watch.');
        })
        .finally(() => {
          saving.current = false;
        });
    },
    [mutateAsync, product.id],
  );

  // Leaving the page (tab closed, reload) or the route: save what is left, with keepalive.
  useEffect(() => {
    const onPageHide = () => save('leave');
    window.addEventListener('pagehide', onPageHide);
    return () => {
      window.removeEventListener('pagehide', onPageHide);
      save('leave');
    };
  }, [save]);

  const probing = useRef(false);

  /** Once the length is known: fit the chapters to it and jump to where the viewer left off. */
  const start = (video: HTMLVideoElement) => {
    loadedVideo.current = video;
    const fitted = fitChapters(declared, video.duration);
    chaptersRef.current = fitted;
    setChapters(fitted);
    const at = resumePosition(savedPosition, video.duration);
    video.currentTime = at;
    tracker.current.reset(at);
    lastSavedPosition.current = at;
    ready.current = true;
    currentChapterRef.current = chapterAt(fitted, at);
    setCurrent(currentChapterRef.current?.contentId ?? null);
    if (at > 0) setStatus(`Resumed at ${formatDuration(at * 1000)}`);
  };

  const onLoadedMetadata = () => {
    const video = videoRef.current!;
    if (Number.isFinite(video.duration)) return start(video);
    // A WebM recorded live carries no duration: seeking far past the end makes the browser find it.
    probing.current = true;
    video.currentTime = 1e101;
  };

  const onDurationChange = () => {
    const video = videoRef.current!;
    if (!probing.current || !Number.isFinite(video.duration)) return;
    probing.current = false;
    start(video);
  };

  const onTimeUpdate = () => {
    const video = videoRef.current!;
    const position = video.currentTime;
    const chapter = chapterAt(chaptersRef.current, position);
    const previous = currentChapterRef.current;
    if (!video.paused && !video.seeking) {
      // Played past the end of a chapter: that chapter is done.
      if (
        previous &&
        chapter &&
        chapter.contentId !== previous.contentId &&
        position >= previous.end &&
        position - previous.end < 2
      ) {
        tracker.current.observe(previous.end);
        save('chapter', { chapter: previous, position: previous.end, percent: 100 });
      }
      tracker.current.observe(position);
      if (tracker.current.dueForSave) save('periodic');
    }
    if (chapter?.contentId !== previous?.contentId) {
      currentChapterRef.current = chapter;
      setCurrent(chapter?.contentId ?? null);
    }
  };

  const seekTo = (chapter: Chapter) => {
    const video = videoRef.current;
    if (!video) return;
    video.currentTime = chapter.start;
    void video.play().catch(() => undefined);
  };

  return (
    <div className="player">
      <div className="player__frame">
        <video
          ref={videoRef}
          className="player__video"
          src={product.media.videoUrl}
          poster={product.media.coverUrl || undefined}
          controls
          playsInline
          preload="metadata"
          aria-label={`Video: ${product.title}`}
          onLoadedMetadata={onLoadedMetadata}
          onDurationChange={onDurationChange}
          onTimeUpdate={onTimeUpdate}
          onSeeking={() => {
            if (ready.current) tracker.current.reset(videoRef.current!.currentTime);
          }}
          onPause={() => {
            if (!videoRef.current!.ended) save('pause');
          }}
          onEnded={() => save('ended')}
        />
      </div>
      <p className="player__status muted" role="status" aria-live="polite">
        {status}
      </p>
      {chapters.length > 1 && (
        <section aria-labelledby="chapters-title">
          <h2 id="chapters-title" className="player__chapters-title">
            Contents
          </h2>
          <ol className="contents-list">
            {chapters.map((chapter, index) => {
              const isCurrent = chapter.contentId === current;
              return (
                <li
                  key={chapter.contentId}
                  className={['contents-list__item', isCurrent && 'contents-list__item--current'].filter(Boolean).join(' ')}
                >
                  <span className="contents-list__index" aria-hidden="true">
                    {index + 1}
                  </span>
                  <button
                    type="button"
                    className="player__chapter"
                    aria-current={isCurrent || undefined}
                    onClick={() => seekTo(chapter)}
                  >
                    {chapter.title}
                  </button>
                  <span className="contents-list__duration muted">{formatDuration((chapter.end - chapter.start) * 1000)}</span>
                </li>
              );
            })}
          </ol>
        </section>
      )}
    </div>
  );
}

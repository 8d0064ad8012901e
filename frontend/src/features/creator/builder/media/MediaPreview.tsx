import type { AppMedia } from '@sparkhouse/contracts';
import { formatBytes } from '@sparkhouse/contracts/media-limits';
import { useEffect } from 'react';
import { Button, Modal } from '../../../../ui';
import { MediaDescription } from '../../ai-assets/MediaDescription';
import { MEDIA_LABELS } from './MediaCard';
import { formatDuration, mediaName } from './media.queries';

/** Facts about a file worth showing beside it. */
function details(item: AppMedia): string[] {
  const m = item.metadata;
  const out: string[] = [MEDIA_LABELS[item.type]];
  if (typeof m.width === 'number' && typeof m.height === 'number') out.push(`${m.width} × ${m.height}`);
  if (typeof m.durationSeconds === 'number') out.push(formatDuration(m.durationSeconds));
  if (typeof m.size === 'number') out.push(formatBytes(m.size));
  out.push(`Added ${new Date(item.createdAt).toLocaleString()}`);
  return out;
}

function Viewer({ item, name }: { item: AppMedia; name: string }) {
  switch (item.type) {
    case 'image':
      return <img className="media-preview__image" src={item.url} alt={name} />;
    case 'video':
      return (
        <video
          className="media-preview__video"
          src={item.url}
          poster={item.thumbnailUrl ?? undefined}
          controls
          preload="metadata"
        >
          <track kind="captions" />
        </video>
      );
    case 'audio':
      return (
        <div className="media-preview__audio">
          {item.thumbnailUrl && <img src={item.thumbnailUrl} alt="" />}
          <audio src={item.url} controls preload="metadata" aria-label={name} />
        </div>
      );
    case 'pdf':
      return <iframe className="media-preview__pdf" src={item.url} title={`PDF: ${name}`} />;
  }
}

/** A file of the library, shown as what it is (image, video or audio player, PDF), with the next and previous ones a key away. */
export function MediaPreview({
  item,
  onClose,
  onPrevious,
  onNext,
  onDelete,
}: {
  item: AppMedia;
  onClose: () => void;
  onPrevious?: () => void;
  onNext?: () => void;
  onDelete: () => void;
}) {
  const name = mediaName(item);
  // arrow keys step through the library, except inside a player or a field (where they seek or move)
  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      const target = event.target as HTMLElement | null;
      if (target?.closest('video, audio, input, textarea, select, iframe')) return;
      if (event.key === 'ArrowLeft' && onPrevious) onPrevious();
      else if (event.key === 'ArrowRight' && onNext) onNext();
      else return;
      event.preventDefault();
    };
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
  }, [onPrevious, onNext]);
  return (
    <Modal open title={name} onClose={onClose} onGalleryPrevious={onPrevious} onNext={onNext} size="large">
      <div className="media-preview" data-testid="media-preview" data-type={item.type}>
        <Viewer key={item.mediaId} item={item} name={name} />
        <p className="muted media-preview__details">{details(item).join(' · ')}</p>
        <MediaDescription item={item} />
        <div className="media-preview__actions">
          <a className="button button--secondary button--small" href={item.url} target="_blank" rel="noreferrer">
            Open in a new tab
          </a>
          <Button variant="destructive" size="small" onClick={onDelete}>
            Delete
          </Button>
        </div>
      </div>
    </Modal>
  );
}

/** Asks before a file is removed from the library for good. */
export function ConfirmDelete({
  item,
  busy,
  error,
  onConfirm,
  onCancel,
}: {
  item: AppMedia;
  busy: boolean;
  error: string | null;
  onConfirm: () => void;
  onCancel: () => void;
}) {
  const name = mediaName(item);
  return (
    <Modal open title="Delete this file?" onClose={onCancel} size="small">
      <p>“{name}” will be removed from the media library and its links will stop working. This cannot be undone.</p>
      {error && (
        <p className="media-upload__error" role="alert">
          {error}
        </p>
      )}
      <div className="media-preview__actions">
        <Button variant="secondary" onClick={onCancel}>
          Keep it
        </Button>
        <Button variant="destructive" loading={busy} onClick={onConfirm}>
          Delete
        </Button>
      </div>
    </Modal>
  );
}

import type { AppMedia, MediaType } from '@sparkhouse/contracts';
import { formatBytes } from '@sparkhouse/contracts/media-limits';
import { Button } from '../../../../ui';
import { formatDuration, mediaName } from './media.queries';
import { isBeingRead } from './useMediaReadings';

const LABEL: Record<MediaType, string> = { image: 'Image', video: 'Video', audio: 'Audio', pdf: 'PDF' };

const ICON: Record<MediaType, string> = {
  image: 'M4 5h16v14H4zM4 15l4-4 5 5 3-3 4 4',
  video: 'M4 6h11v12H4zM15 10l5-3v10l-5-3',
  audio: 'M9 18V6l10-2v12M9 18a3 3 0 11-6 0 3 3 0 016 0zM19 16a3 3 0 11-6 0 3 3 0 016 0z',
  pdf: 'M6 3h9l4 4v14H6zM14 3v5h5M9 13h6M9 17h6',
};

export function MediaIcon({ type, size = 40 }: { type: MediaType; size?: number }) {
  return (
    <svg viewBox="0 0 24 24" width={size} height={size} aria-hidden="true" className="media-icon">
      <path d={ICON[type]} fill="none" stroke="currentColor" strokeWidth="1.6" strokeLinecap="round" strokeLinejoin="round" />
    </svg>
  );
}

/**
 * One file of the library: its thumbnail (or an icon), kind and name; opens the preview, or asks to
 * delete it; with `onSelect`, a checkbox chooses it for the AI actions on several files.
 */
export function MediaCard({
  item,
  onOpen,
  onDelete,
  selected = false,
  onSelect,
  selectDisabled = false,
}: {
  item: AppMedia;
  onOpen: () => void;
  onDelete: () => void;
  selected?: boolean;
  onSelect?: (selected: boolean) => void;
  /** No more can be chosen (the limit is reached). */
  selectDisabled?: boolean;
}) {
  const name = mediaName(item);
  const duration = typeof item.metadata.durationSeconds === 'number' ? formatDuration(item.metadata.durationSeconds) : null;
  const reading = isBeingRead(item);
  const unreadable = item.metadata.processing === 'failed';
  const why = typeof item.metadata.processingError === 'string' ? item.metadata.processingError : 'This file could not be read.';
  return (
    <li className={`media-card${selected ? ' media-card--selected' : ''}`} data-testid="media-card" data-type={item.type}>
      <button type="button" className="media-card__open" onClick={onOpen} aria-label={`Preview ${name} (${LABEL[item.type]})`}>
        {item.thumbnailUrl ? (
          <img src={item.thumbnailUrl} alt="" loading="lazy" decoding="async" />
        ) : (
          <span className="media-card__placeholder">
            <MediaIcon type={item.type} />
            {reading && (
              <span className="media-card__reading" role="status">
                <span className="media-card__spinner" aria-hidden="true" />
                Preparing preview…
              </span>
            )}
          </span>
        )}
        <span className="media-card__badge">
          {LABEL[item.type]}
          {duration && ` · ${duration}`}
        </span>
        {item.isForSimulation && <span className="media-card__badge media-card__badge--end">Simulator</span>}
        {unreadable && (
          <span className="media-card__badge media-card__badge--warning" title={why}>
            Could not be read
          </span>
        )}
      </button>
      {/* after the preview button, so Tab reaches the file first, then its checkbox */}
      {onSelect && (
        <label className="media-card__select">
          <input
            type="checkbox"
            checked={selected}
            disabled={selectDisabled && !selected}
            onChange={(e) => onSelect(e.target.checked)}
          />
          <span className="visually-hidden">Select {name}</span>
        </label>
      )}
      <div className="media-card__meta">
        <span className="media-card__name" title={name}>
          {name}
        </span>
        <div className="media-card__row">
          <span className="muted">
            {typeof item.metadata.size === 'number' ? formatBytes(item.metadata.size) : LABEL[item.type]}
          </span>
          <Button variant="transparent" size="small" onClick={onDelete} aria-label={`Delete ${name}`}>
            Delete
          </Button>
        </div>
      </div>
    </li>
  );
}

export { LABEL as MEDIA_LABELS };

import { MEDIA_ACCEPT, MEDIA_SIZE_LIMITS, formatBytes } from '@sparkhouse/contracts/media-limits';
import { useId, useRef, useState, type DragEvent } from 'react';
import { Button, ProgressBar } from '../../../../ui';
import type { UploadItem, UploadStatus } from './useMediaUploads';

const STATUS: Record<UploadStatus, string> = {
  waiting: 'Waiting',
  uploading: 'Uploading',
  processing: 'Reading the file',
  saving: 'Adding to the library',
  done: 'Added',
  failed: 'Failed',
};

const LIMITS =
  `Images up to ${formatBytes(MEDIA_SIZE_LIMITS.image)}, videos up to ${formatBytes(MEDIA_SIZE_LIMITS.video)}, ` +
  `audio up to ${formatBytes(MEDIA_SIZE_LIMITS.audio)}, PDFs up to ${formatBytes(MEDIA_SIZE_LIMITS.pdf)}.`;

/** The drop zone and file picker, and one row with a progress bar per file being uploaded. */
export function MediaUploader({
  items,
  onFiles,
  onDismiss,
  onClearFinished,
}: {
  items: UploadItem[];
  onFiles: (files: File[]) => void;
  onDismiss: (id: string) => void;
  onClearFinished: () => void;
}) {
  const input = useRef<HTMLInputElement>(null);
  const [over, setOver] = useState(false);
  const hintId = useId();

  const onDrop = (event: DragEvent) => {
    event.preventDefault();
    setOver(false);
    const dropped = [...event.dataTransfer.files];
    if (dropped.length > 0) onFiles(dropped);
  };

  return (
    <div className="media-uploader">
      <div
        className={`media-drop${over ? ' media-drop--over' : ''}`}
        data-testid="media-drop"
        onDragEnter={(e) => {
          e.preventDefault();
          setOver(true);
        }}
        onDragOver={(e) => e.preventDefault()}
        onDragLeave={(e) => {
          if (!e.currentTarget.contains(e.relatedTarget as Node | null)) setOver(false);
        }}
        onDrop={onDrop}
      >
        <svg className="media-drop__icon" viewBox="0 0 24 24" width="32" height="32" aria-hidden="true">
          <path
            d="M12 16V4m0 0l-4 4m4-4l4 4M4 16v3a1 1 0 001 1h14a1 1 0 001-1v-3"
            fill="none"
            stroke="currentColor"
            strokeWidth="2"
            strokeLinecap="round"
            strokeLinejoin="round"
          />
        </svg>
        <p>
          <strong>Drop images, videos, audio or PDFs here</strong>
        </p>
        <Button variant="secondary" onClick={() => input.current?.click()} aria-describedby={hintId}>
          Choose files
        </Button>
        <p id={hintId} className="muted media-drop__hint">
          {LIMITS}
        </p>
        <input
          ref={input}
          type="file"
          multiple
          accept={MEDIA_ACCEPT}
          className="visually-hidden"
          tabIndex={-1}
          aria-label="Files to upload"
          data-testid="media-file-input"
          onChange={(e) => {
            const chosen = [...(e.target.files ?? [])];
            e.target.value = '';
            if (chosen.length > 0) onFiles(chosen);
          }}
        />
      </div>

      {items.length > 0 && (
        <section className="media-uploads" aria-label="Uploads">
          <ul>
            {items.map((item) => (
              <li key={item.id} className={`media-upload media-upload--${item.status}`} data-testid="media-upload">
                <div className="media-upload__head">
                  <span className="media-upload__name" title={item.fileName}>
                    {item.fileName}
                  </span>
                  <Button
                    variant="transparent"
                    size="small"
                    onClick={() => onDismiss(item.id)}
                    aria-label={`${item.status === 'uploading' || item.status === 'waiting' ? 'Cancel' : 'Dismiss'} ${item.fileName}`}
                  >
                    {item.status === 'uploading' || item.status === 'waiting' ? 'Cancel' : 'Dismiss'}
                  </Button>
                </div>
                {item.status !== 'failed' && <ProgressBar value={item.percent} label={`Uploading ${item.fileName}`} showValue />}
                <p className={item.status === 'failed' ? 'media-upload__error' : 'muted media-upload__status'} role="status">
                  {item.status === 'failed' ? item.error : `${STATUS[item.status]} · ${formatBytes(item.size)}`}
                </p>
              </li>
            ))}
          </ul>
          {items.some((i) => i.status === 'done') && (
            <Button variant="transparent" size="small" onClick={onClearFinished}>
              Clear finished
            </Button>
          )}
        </section>
      )}
    </div>
  );
}

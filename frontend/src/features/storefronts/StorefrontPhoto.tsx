import { STOREFRONT_PHOTO_MAX_MB } from '@sparkhouse/contracts/media-limits';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useEffect, useId, useRef, useState, type ChangeEvent } from 'react';
import { errorMessage } from '../../api/api-error';
import { callApi } from '../../api/call-api';
import { storefronts } from '../../api/routes';
import { uploadWithProgress } from '../../api/upload-api';
import { Button, ProgressBar } from '../../ui';
import { myStorefrontQuery, storefrontKeys } from './storefronts.queries';

/** The images a storefront photo may be (the server reads the file's bytes and checks again). */
const PHOTO_TYPES = ['image/jpeg', 'image/png', 'image/webp', 'image/gif', 'image/avif'];
const PHOTO_MAX_BYTES = STOREFRONT_PHOTO_MAX_MB * 1024 * 1024;
export const UNSUPPORTED_PHOTO = 'This kind of file is not supported: upload an image (JPEG, PNG, WebP, GIF, AVIF).';
export const PHOTO_TOO_LARGE = `Photos can be at most ${STOREFRONT_PHOTO_MAX_MB} MB.`;

/** Why the browser refuses a file before sending it, in the server's words. */
export function photoRefusal(file: Pick<File, 'size' | 'type'>): string | null {
  if (file.size === 0) return 'The file is empty.';
  if (file.type && !PHOTO_TYPES.includes(file.type)) return UNSUPPORTED_PHOTO;
  if (file.size > PHOTO_MAX_BYTES) return PHOTO_TOO_LARGE;
  return null;
}

type Shown = { kind: 'idle' } | { kind: 'uploading'; percent: number; preview: string } | { kind: 'saved' } | { kind: 'removed' };

/**
 * The creator's storefront photo in their storefront settings: upload one (with its progress and a
 * preview of the file while it goes), change it, or remove it. The storefront page and its share
 * tags show it; the server crops it square.
 */
export function StorefrontPhoto({ photoUrl }: { photoUrl: string | null }) {
  const queryClient = useQueryClient();
  const inputId = useId();
  const input = useRef<HTMLInputElement>(null);
  const upload = useRef<AbortController | null>(null);
  const [shown, setShown] = useState<Shown>({ kind: 'idle' });
  const [error, setError] = useState<string | null>(null);
  const preview = shown.kind === 'uploading' ? shown.preview : null;

  useEffect(() => () => upload.current?.abort(), []);
  useEffect(() => () => (preview ? URL.revokeObjectURL(preview) : undefined), [preview]);

  /** The photo as the settings and the public pages show it from now on. */
  const showPhoto = (url: string | null) => {
    queryClient.setQueryData(myStorefrontQuery().queryKey, (was) => was && { storefront: { ...was.storefront, photoUrl: url } });
    // the public pages read it again; the settings keep what the answer said (its projection may lag a moment)
    void queryClient.invalidateQueries({ queryKey: storefrontKeys.all, predicate: (q) => q.queryKey[1] !== 'mine' });
  };

  const choose = (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0];
    event.target.value = ''; // the same file may be chosen again after a refusal
    if (!file) return;
    const refused = photoRefusal(file);
    setError(refused);
    if (refused) return;
    const abort = new AbortController();
    upload.current = abort;
    setShown({ kind: 'uploading', percent: 0, preview: URL.createObjectURL(file) });
    uploadWithProgress(storefronts.uploadStorefrontPhoto, {
      fields: {},
      file,
      signal: abort.signal,
      onProgress: (percent) => setShown((s) => (s.kind === 'uploading' ? { ...s, percent } : s)),
    }).then(
      (answer) => {
        showPhoto(answer.photoUrl);
        setShown({ kind: 'saved' });
      },
      (err: unknown) => {
        if (abort.signal.aborted) return setShown({ kind: 'idle' });
        setError(errorMessage(err));
        setShown({ kind: 'idle' });
      },
    );
  };

  const remove = useMutation({
    mutationFn: () => callApi(storefronts.updateStorefront, { body: { photoUrl: null } }),
    onMutate: () => setError(null),
    onSuccess: () => {
      showPhoto(null);
      setShown({ kind: 'removed' });
    },
    onError: (err) => setError(errorMessage(err)),
  });

  const uploading = shown.kind === 'uploading';
  const picture = preview ?? photoUrl;
  return (
    <div className="storefront-photo" role="group" aria-labelledby={`${inputId}-label`}>
      <span id={`${inputId}-label`} className="storefront-photo__label">
        Photo
      </span>
      <div className="storefront-photo__row">
        {picture ? (
          <img
            className={`storefront-photo__picture${uploading ? ' storefront-photo__picture--pending' : ''}`}
            src={picture}
            alt={uploading ? 'Your new photo, uploading' : 'Your storefront photo'}
            width={96}
            height={96}
          />
        ) : (
          <span className="storefront-photo__picture storefront-photo__picture--empty" aria-hidden="true" />
        )}
        <div className="storefront-photo__body">
          <p className="muted">
            Shown on your storefront and when its link is shared, cropped square. JPEG, PNG, WebP, GIF or AVIF, up to{' '}
            {STOREFRONT_PHOTO_MAX_MB} MB.
          </p>
          <input
            ref={input}
            id={inputId}
            type="file"
            accept={PHOTO_TYPES.join(',')}
            className="visually-hidden"
            aria-label="Storefront photo"
            onChange={choose}
            disabled={uploading}
            tabIndex={-1}
          />
          <div className="storefront-photo__actions">
            {uploading ? (
              <Button type="button" variant="secondary" size="small" onClick={() => upload.current?.abort()}>
                Cancel upload
              </Button>
            ) : (
              <Button type="button" variant="secondary" size="small" onClick={() => input.current?.click()}>
                {photoUrl ? 'Change photo' : 'Upload a photo'}
              </Button>
            )}
            {photoUrl && !uploading && (
              <Button type="button" variant="transparent" size="small" loading={remove.isPending} onClick={() => remove.mutate()}>
                Remove photo
              </Button>
            )}
          </div>
          {shown.kind === 'uploading' && <ProgressBar value={shown.percent} label="Uploading your photo" showValue />}
          {error && (
            <p className="inline-error" role="alert">
              {error}
            </p>
          )}
          {shown.kind === 'saved' && (
            <p className="storefront-photo__note" role="status">
              Photo saved. Your storefront shows it now.
            </p>
          )}
          {shown.kind === 'removed' && (
            <p className="storefront-photo__note" role="status">
              Photo removed.
            </p>
          )}
        </div>
      </div>
    </div>
  );
}

import type { AppMedia, MediaType } from '@sparkhouse/contracts';
import { useInfiniteQuery, useMutation, useQueryClient } from '@tanstack/react-query';
import { lazy, Suspense, useEffect, useMemo, useRef, useState } from 'react';
import { UPLOADS_MAX } from '@sparkhouse/contracts';
import { errorMessage } from '../../../../api';
import { appMedia } from '../../../../api/routes';
import { Button, useToast } from '../../../../ui';
import { EmptyState, ErrorState, LoadingState } from '../../../catalogue';
import { callCreator } from '../../creator-api';
import { MediaCard } from './MediaCard';
import { ConfirmDelete, MediaPreview } from './MediaPreview';
import { MediaUploader } from './MediaUploader';
import { appMediaQuery, mediaKeys, mediaName } from './media.queries';
import { useMediaUploads } from './useMediaUploads';
import { isBeingRead, PENDING_REFETCH_MS, useMediaReadings } from './useMediaReadings';
import './media.css';
import { LinkDescriber } from '../../ai-assets/LinkDescriber';

const UploadsWorkbench = lazy(() => import('../../ai-assets/UploadsWorkbench'));

const FILTERS: { types: MediaType[]; label: string }[] = [
  { types: [], label: 'All' },
  { types: ['image'], label: 'Images' },
  { types: ['video'], label: 'Videos' },
  { types: ['audio'], label: 'Audio' },
  { types: ['pdf'], label: 'PDFs' },
];

/** Loads the next page when the end of the grid scrolls into view. */
function useLoadMoreWhenVisible(enabled: boolean, loadMore: () => void) {
  const sentinel = useRef<HTMLDivElement>(null);
  const load = useRef(loadMore);
  load.current = loadMore;
  useEffect(() => {
    const el = sentinel.current;
    if (!enabled || !el || typeof IntersectionObserver === 'undefined') return;
    const observer = new IntersectionObserver((entries) => entries.some((e) => e.isIntersecting) && load.current(), {
      rootMargin: '400px 0px',
    });
    observer.observe(el);
    return () => observer.disconnect();
  }, [enabled]);
  return sentinel;
}

/** The builder's Media tab: upload files (dropped or picked) with progress, browse them by kind, preview, delete. */
export default function MediaTab({ appId }: { appId: string }) {
  const [filter, setFilter] = useState(0);
  const types = FILTERS[filter].types;
  const media = useInfiniteQuery({
    ...appMediaQuery(appId, types),
    // a file still being read when its push was missed (a reconnect) still shows up read
    refetchInterval: (query) =>
      query.state.data?.pages.some((page) => page.media.some(isBeingRead)) ? PENDING_REFETCH_MS : false,
  });
  useMediaReadings(appId);
  const uploads = useMediaUploads(appId);
  const queryClient = useQueryClient();
  const toast = useToast();
  const [previewId, setPreviewId] = useState<string | null>(null);
  const [deleting, setDeleting] = useState<AppMedia | null>(null);
  // chosen for the AI actions on several files, in the order chosen (kept across filters)
  const [selected, setSelected] = useState<AppMedia[]>([]);
  const select = (item: AppMedia, on: boolean) =>
    setSelected((s) =>
      on
        ? s.length < UPLOADS_MAX && !s.some((x) => x.mediaId === item.mediaId)
          ? [...s, item]
          : s
        : s.filter((x) => x.mediaId !== item.mediaId),
    );

  const items = useMemo(() => media.data?.pages.flatMap((p) => p.media) ?? [], [media.data]);
  const previewIndex = items.findIndex((i) => i.mediaId === previewId);
  const preview = previewIndex >= 0 ? items[previewIndex] : null;
  const { hasNextPage, isFetchingNextPage, fetchNextPage } = media;
  const nextPageError = media.isFetchNextPageError ? media.error : null;
  const sentinel = useLoadMoreWhenVisible(Boolean(hasNextPage) && !isFetchingNextPage, () => void fetchNextPage());

  const remove = useMutation({
    mutationFn: (item: AppMedia) => callCreator(appMedia.deleteAppMedia, { body: { appId, mediaId: item.mediaId } }),
    onSuccess: async (_answer, item) => {
      setDeleting(null);
      setSelected((s) => s.filter((x) => x.mediaId !== item.mediaId));
      toast.show({ kind: 'success', message: `“${mediaName(item)}” was deleted.` });
      await queryClient.invalidateQueries({ queryKey: mediaKeys.all(appId) });
    },
  });

  // one dialog at a time: asking to delete from the preview closes the preview
  const askDelete = (item: AppMedia) => {
    remove.reset();
    setPreviewId(null);
    setDeleting(item);
  };

  return (
    <section className="media-tab" aria-labelledby="media-title">
      <div className="media-tab__head">
        <h2 id="media-title">Media</h2>
        <p className="muted">Images, videos, audio and PDFs for your app. Links to them stay private to you and expire.</p>
      </div>

      <MediaUploader
        items={uploads.items}
        onFiles={uploads.add}
        onDismiss={uploads.dismiss}
        onClearFinished={uploads.clearFinished}
      />

      <LinkDescriber appId={appId} />

      {selected.length > 0 ? (
        <Suspense fallback={<LoadingState label="Loading" />}>
          <UploadsWorkbench appId={appId} items={selected} onClear={() => setSelected([])} />
        </Suspense>
      ) : (
        items.length > 0 && <p className="muted small">Select files in the library to analyze them or make an image from them.</p>
      )}

      <div className="media-filters" role="group" aria-label="Show">
        {FILTERS.map((f, index) => (
          <button
            key={f.label}
            type="button"
            className="media-filter"
            aria-pressed={filter === index}
            onClick={() => setFilter(index)}
          >
            {f.label}
          </button>
        ))}
      </div>

      {media.isPending ? (
        <LoadingState label="Loading the media library" />
      ) : media.isError ? (
        <ErrorState error={media.error} title="Could not load the media library" onRetry={() => void media.refetch()} />
      ) : items.length === 0 ? (
        <EmptyState title={types.length ? `No ${FILTERS[filter].label.toLowerCase()} yet` : 'No media yet'}>
          <p className="muted">Drop files above, or choose them from your device.</p>
        </EmptyState>
      ) : (
        <>
          <ul className="media-grid" aria-label="Media library">
            {items.map((item) => (
              <MediaCard
                key={item.mediaId}
                item={item}
                onOpen={() => setPreviewId(item.mediaId)}
                onDelete={() => askDelete(item)}
                selected={selected.some((x) => x.mediaId === item.mediaId)}
                onSelect={(on) => select(item, on)}
                selectDisabled={selected.length >= UPLOADS_MAX}
              />
            ))}
          </ul>
          <div ref={sentinel} className="media-grid__end">
            {hasNextPage && (
              <Button variant="secondary" loading={isFetchingNextPage} onClick={() => void fetchNextPage()}>
                Load more
              </Button>
            )}
            {nextPageError && <p className="media-upload__error">{errorMessage(nextPageError)}</p>}
          </div>
        </>
      )}

      {preview && (
        <MediaPreview
          item={preview}
          onClose={() => setPreviewId(null)}
          onPrevious={previewIndex > 0 ? () => setPreviewId(items[previewIndex - 1].mediaId) : undefined}
          onNext={previewIndex < items.length - 1 ? () => setPreviewId(items[previewIndex + 1].mediaId) : undefined}
          onDelete={() => askDelete(preview)}
        />
      )}
      {deleting && (
        <ConfirmDelete
          item={deleting}
          busy={remove.isPending}
          error={remove.isError ? errorMessage(remove.error) : null}
          onConfirm={() => remove.mutate(deleting)}
          onCancel={() => setDeleting(null)}
        />
      )}
    </section>
  );
}

import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, fireEvent, render, renderHook, screen } from '@testing-library/react';
import type { ReactNode } from 'react';
import type { AppMedia } from '@sparkhouse/contracts';
import { consistencyToken } from '../../../../api/consistency-token';
import { MediaCard } from './MediaCard';
import { MediaUploader } from './MediaUploader';
import { formatDuration, guessMediaType, mediaKeys, mediaName } from './media.queries';
import { useMediaReadings } from './useMediaReadings';

const socketHandlers = new Map<string, (m: unknown) => void>();
jest.mock('../../../realtime', () => ({
  getSocket: () => ({
    on: (e: string, h: (m: unknown) => void) => socketHandlers.set(e, h),
    off: (e: string) => socketHandlers.delete(e),
  }),
}));
import { useMediaUploads, type UploadItem } from './useMediaUploads';

const sized = (name: string, type: string, size: number) => {
  const file = new File(['x'], name, { type });
  Object.defineProperty(file, 'size', { value: size });
  return file;
};

describe('media library helpers', () => {
  it('formats durations as players do', () => {
    expect(formatDuration(7.2)).toBe('0:07');
    expect(formatDuration(205)).toBe('3:25');
    expect(formatDuration(3729)).toBe('1:02:09');
  });

  it('guesses a file’s kind from its declared type (the server decides from its bytes)', () => {
    expect(guessMediaType({ type: 'image/png' })).toBe('image');
    expect(guessMediaType({ type: 'video/webm' })).toBe('video');
    expect(guessMediaType({ type: 'audio/mpeg' })).toBe('audio');
    expect(guessMediaType({ type: 'application/pdf' })).toBe('pdf');
    expect(guessMediaType({ type: 'text/html' })).toBeNull();
    expect(guessMediaType({ type: '' })).toBeNull();
  });

  it('names an item by its file name, else by the end of its address', () => {
    expect(mediaName({ url: '/api/media/files/a/original.png?x=1', metadata: { fileName: 'Cover.png' } })).toBe('Cover.png');
    expect(mediaName({ url: 'https://cdn.example.com/photos/sea%20view.jpg', metadata: {} })).toBe('sea view.jpg');
  });
});

describe('the uploader', () => {
  const items: UploadItem[] = [
    { id: '1', fileName: 'clip.mp4', size: 3_000_000, type: 'video', percent: 42, status: 'uploading' },
    {
      id: '2',
      fileName: 'huge.png',
      size: 30_000_000,
      type: 'image',
      percent: 0,
      status: 'failed',
      error: 'Images can be at most 25 MB.',
    },
  ];

  it('shows a progress bar per file being sent, and why a file failed', () => {
    render(
      <MediaUploader items={items} onFiles={() => undefined} onDismiss={() => undefined} onClearFinished={() => undefined} />,
    );
    const bar = screen.getByRole('progressbar', { name: 'Uploading clip.mp4' });
    expect(bar).toHaveAttribute('aria-valuenow', '42');
    expect(screen.getByText('Uploading · 2.9 MB')).toBeInTheDocument();
    expect(screen.queryByRole('progressbar', { name: 'Uploading huge.png' })).toBeNull();
    expect(screen.getByText('Images can be at most 25 MB.')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Cancel clip.mp4' })).toBeInTheDocument();
  });

  it('takes dropped files', () => {
    const onFiles = jest.fn();
    render(<MediaUploader items={[]} onFiles={onFiles} onDismiss={() => undefined} onClearFinished={() => undefined} />);
    const file = new File(['%PDF-1.4'], 'guide.pdf', { type: 'application/pdf' });
    fireEvent.drop(screen.getByTestId('media-drop'), { dataTransfer: { files: [file] } });
    expect(onFiles).toHaveBeenCalledWith([file]);
  });
});

describe('uploading', () => {
  const wrapper = ({ children }: { children: ReactNode }) => (
    <QueryClientProvider client={new QueryClient()}>{children}</QueryClientProvider>
  );

  it('refuses a file over its kind’s limit, or an empty one, without sending it', () => {
    const open = jest.spyOn(XMLHttpRequest.prototype, 'open');
    const { result } = renderHook(() => useMediaUploads('app-1'), { wrapper });
    act(() => result.current.add([sized('huge.png', 'image/png', 26 * 1024 * 1024), sized('empty.pdf', 'application/pdf', 0)]));
    expect(result.current.items.map((i) => [i.fileName, i.status, i.error])).toEqual([
      ['huge.png', 'failed', 'Images can be at most 25 MB.'],
      ['empty.pdf', 'failed', 'The file is empty.'],
    ]);
    expect(open).not.toHaveBeenCalled();
    act(() => result.current.dismiss(result.current.items[0].id));
    expect(result.current.items).toHaveLength(1);
    open.mockRestore();
  });
});

describe('a library item being read', () => {
  const item = (metadata: Record<string, unknown>, thumbnailUrl: string | null = null): AppMedia => ({
    mediaId: 'm1',
    appId: 'app-1',
    type: 'video',
    url: '/api/media/files/x/original.mp4',
    thumbnailUrl,
    metadata: { fileName: 'clip.mp4', size: 1000, ...metadata },
    activityId: null,
    isForSimulation: false,
    createdAt: '2026-11-27T00:00:00.000Z',
    updatedAt: '2026-11-27T00:00:00.000Z',
  });
  const card = (m: AppMedia) =>
    render(
      <ul>
        <MediaCard item={m} onOpen={() => undefined} onDelete={() => undefined} />
      </ul>,
    );

  it('says its preview is being prepared until its thumbnail comes', () => {
    const { unmount } = card(item({ processing: 'pending', durationSeconds: 65 }));
    expect(screen.getByRole('status')).toHaveTextContent('Preparing preview…');
    // what the upload's headers told is shown at once
    expect(screen.getByText('Video · 1:05')).toBeInTheDocument();
    unmount();
    card(item({ processing: 'done' }, '/api/media/files/x/thumb.webp'));
    expect(screen.queryByRole('status')).toBeNull();
  });

  it('says a file could not be read, and why', () => {
    card(item({ processing: 'failed', processingError: 'The video could not be read: it may be damaged or incomplete.' }));
    expect(screen.getByText('Could not be read')).toHaveAttribute(
      'title',
      'The video could not be read: it may be damaged or incomplete.',
    );
    expect(screen.queryByRole('status')).toBeNull();
  });

  it('keeps the library current when its reading is pushed, with the change’s consistency token', async () => {
    const handlers = socketHandlers;
    const client = new QueryClient();
    const invalidate = jest.spyOn(client, 'invalidateQueries');
    const { unmount } = renderHook(() => useMediaReadings('app-1'), {
      wrapper: ({ children }: { children: ReactNode }) => <QueryClientProvider client={client}>{children}</QueryClientProvider>,
    });
    const reading = (subjectId: string, token: string, name = 'creator-apps.read-upload') => ({
      runId: 'r1',
      name,
      subjectId,
      result: {},
      stored: true,
      token,
      at: '',
    });
    handlers.get('job:completed')!(reading('another-app', '5.5'));
    // another job of this app is not a reading
    handlers.get('job:completed')!(reading('app-1', '6.6', 'creator-apps.describe-media'));
    expect(invalidate).not.toHaveBeenCalled();
    handlers.get('job:completed')!(reading('app-1', '900.77'));
    expect(invalidate).toHaveBeenCalledWith({ queryKey: mediaKeys.all('app-1') });
    expect(consistencyToken()).toBe('900.77');
    // a reading that failed is on its item too
    handlers.get('job:failed')!({ ...reading('app-1', '901.1'), reason: 'damaged' });
    expect(consistencyToken()).toBe('901.1');
    unmount();
    expect(handlers.has('job:completed')).toBe(false);
    expect(handlers.has('job:failed')).toBe(false);
  });
});

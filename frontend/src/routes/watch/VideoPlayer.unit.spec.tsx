import '../../features/catalogue/testing/dom-polyfills';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import type { Product } from '../../features/catalogue';
import { VideoPlayer } from './VideoPlayer';

const product: Product = {
  id: 'prod-1',
  title: 'Jazz piano',
  slug: 'jazz-piano',
  classSlug: 'jazz-piano',
  storefrontSlug: 'ada',
  creator: { id: 'c1', name: 'Ada' },
  description: '',
  category: 'music',
  topics: [],
  genres: [],
  priceInfo: { priceInCents: 0, currency: 'USD', crossedPriceInCents: null },
  rating: 0,
  ratingCount: 0,
  releaseDate: '2026-01-01T00:00:00Z',
  purchaseCount: 0,
  media: {
    coverUrl: '',
    videoUrl: '/api/media/videos/demo-class.webm',
    durationSeconds: 200,
    contents: [
      { contentId: 'l1', title: '1. Intro', durationSeconds: 100 },
      { contentId: 'l2', title: '2. Chords', durationSeconds: 100 },
    ],
  },
};

const fetchMock = jest.fn((_url: RequestInfo | URL, _init?: RequestInit) =>
  Promise.resolve({ ok: true, status: 200, text: () => Promise.resolve('{"progress":{}}') } as Response),
);

const bodies = () => fetchMock.mock.calls.map(([, init]) => JSON.parse(String(init?.body)) as Record<string, unknown>);

/** jsdom's <video> does not play: drive its clock and state by hand. */
function fakeVideo() {
  const video = screen.getByLabelText('Video: Jazz piano') as HTMLVideoElement;
  const state = { currentTime: 0, duration: 40, paused: true, ended: false };
  Object.defineProperty(video, 'currentTime', { get: () => state.currentTime, set: (v: number) => (state.currentTime = v) });
  Object.defineProperty(video, 'duration', { get: () => state.duration });
  Object.defineProperty(video, 'paused', { get: () => state.paused });
  Object.defineProperty(video, 'ended', { get: () => state.ended });
  Object.defineProperty(video, 'seeking', { get: () => false });
  const playTo = (to: number) => {
    state.paused = false;
    while (state.currentTime < to - 1e-9) {
      state.currentTime = Math.min(to, Math.round((state.currentTime + 0.25) * 100) / 100);
      fireEvent.timeUpdate(video);
    }
  };
  const pause = () => {
    state.paused = true;
    fireEvent.pause(video);
  };
  return { video, state, playTo, pause };
}

function renderPlayer(savedPosition: number | null) {
  const client = new QueryClient();
  render(
    <QueryClientProvider client={client}>
      <VideoPlayer product={product} savedPosition={savedPosition} />
    </QueryClientProvider>,
  );
}

beforeEach(() => {
  fetchMock.mockClear();
  global.fetch = fetchMock as unknown as typeof fetch;
});

describe('video player progress', () => {
  it('plays the product video and resumes at the saved position', () => {
    renderPlayer(12);
    const { video, state } = fakeVideo();
    expect(video).toHaveAttribute('src', '/api/media/videos/demo-class.webm');
    fireEvent.loadedMetadata(video);
    expect(state.currentTime).toBe(12);
    expect(screen.getByRole('status')).toHaveTextContent('Resumed at 0:12');
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('saves every ~5 s of playback with only the seconds since the last save', async () => {
    renderPlayer(null);
    const { video, playTo } = fakeVideo();
    fireEvent.loadedMetadata(video);
    playTo(5);
    await waitFor(() => expect(fetchMock).toHaveBeenCalledTimes(1));
    expect(String(fetchMock.mock.calls[0][0])).toBe('/api/updateProductProgress');
    // 40 s of video, two chapters of 20 s: 5 s in is a quarter of the first
    expect(bodies()[0]).toEqual({
      product_id: 'prod-1',
      content_id: 'l1',
      percent_complete: 25,
      additional_seconds_watched: 5,
      position_in_seconds: 5,
    });
    playTo(10.5);
    await waitFor(() => expect(fetchMock).toHaveBeenCalledTimes(2));
    expect(bodies()[1]).toMatchObject({ additional_seconds_watched: 5, position_in_seconds: 10 });
  });

  it('saves on pause, and on pagehide with keepalive', async () => {
    renderPlayer(null);
    const { video, playTo, pause } = fakeVideo();
    fireEvent.loadedMetadata(video);
    playTo(3);
    pause();
    await waitFor(() => expect(fetchMock).toHaveBeenCalledTimes(1));
    expect(bodies()[0]).toMatchObject({ additional_seconds_watched: 3, position_in_seconds: 3 });
    playTo(6);
    window.dispatchEvent(new Event('pagehide'));
    await waitFor(() => expect(fetchMock).toHaveBeenCalledTimes(2));
    expect(fetchMock.mock.calls[1][1]?.keepalive).toBe(true);
    expect(bodies()[1]).toMatchObject({ additional_seconds_watched: 3, position_in_seconds: 6 });
  });

  it('marks a chapter complete when playback crosses into the next one', async () => {
    renderPlayer(18);
    const { video, playTo } = fakeVideo();
    fireEvent.loadedMetadata(video);
    playTo(21);
    await waitFor(() => expect(fetchMock).toHaveBeenCalledTimes(1));
    expect(bodies()[0]).toMatchObject({
      content_id: 'l1',
      percent_complete: 100,
      position_in_seconds: 20,
      additional_seconds_watched: 2,
    });
    expect(screen.getByRole('button', { name: '2. Chords' })).toHaveAttribute('aria-current', 'true');
  });
});

describe('a video without a duration in its header', () => {
  it('finds the length by seeking past the end, then resumes', () => {
    renderPlayer(12);
    const { video, state } = fakeVideo();
    state.duration = Number.POSITIVE_INFINITY;
    fireEvent.loadedMetadata(video);
    expect(state.currentTime).toBe(1e101);
    state.duration = 40;
    fireEvent.durationChange(video);
    expect(state.currentTime).toBe(12);
    // 12 s of 40: the first of two 20 s chapters
    expect(screen.getByRole('button', { name: '1. Intro' })).toHaveAttribute('aria-current', 'true');
  });
});

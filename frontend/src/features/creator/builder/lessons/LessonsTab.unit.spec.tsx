import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import type { AppLesson, AppMedia } from '@sparkhouse/contracts';
import { ToastProvider } from '../../../../ui';

/** The calls the tab makes, answered from an in-memory app (the server's rules for the parts the tab relies on). */
const server = {
  media: [] as AppMedia[],
  lessons: [] as AppLesson[],
  failLessons: false,
  calls: [] as { id: string; body?: unknown }[],
};
jest.mock('../../creator-api', () => ({
  callCreator: async (call: { id: string }, options?: { body?: Record<string, unknown>; query?: Record<string, unknown> }) => {
    server.calls.push({ id: call.id, body: options?.body });
    if (call.id === 'getAppMedia') {
      const only = String(options?.query?.onlyTypes ?? '').split(',');
      server.calls.at(-1)!.body = options?.query;
      return { media: server.media.filter((m) => only.includes(m.type)), nextCursor: null };
    }
    if (call.id === 'getAppLessons') {
      if (server.failLessons) throw new Error('The lessons could not be read.');
      return { lessons: server.lessons };
    }
    if (call.id === 'markAppLesson') {
      const { mediaId, phaseNumber, title } = options!.body as { mediaId: string; phaseNumber: number | null; title: string };
      const medium = server.media.find((m) => m.mediaId === mediaId)!;
      const rest = server.lessons.filter((l) => l.mediaId !== mediaId);
      const before = server.lessons.find((l) => l.mediaId === mediaId);
      const lesson = { mediaId, phaseNumber: phaseNumber!, title, mediaType: medium.type as AppLesson['mediaType'] };
      server.lessons =
        phaseNumber === null
          ? rest
          : before && before.phaseNumber === phaseNumber
            ? server.lessons.map((l) => (l.mediaId === mediaId ? lesson : l))
            : [...rest, lesson];
      server.lessons.sort((a, b) => a.phaseNumber - b.phaseNumber);
      return { lessons: server.lessons };
    }
    if (call.id === 'reorderAppLessons') {
      const { phaseNumber, mediaIds } = options!.body as { phaseNumber: number; mediaIds: string[] };
      const others = server.lessons.filter((l) => l.phaseNumber !== phaseNumber);
      const phase = mediaIds.map((id) => server.lessons.find((l) => l.mediaId === id)!);
      server.lessons = [...others, ...phase].sort((a, b) => a.phaseNumber - b.phaseNumber);
      return { lessons: server.lessons };
    }
    throw new Error(`unexpected call ${call.id}`);
  },
}));
import LessonsTab from './LessonsTab';

const medium = (mediaId: string, type: AppMedia['type'], fileName: string): AppMedia =>
  ({
    mediaId,
    appId: 'app-1',
    type,
    url: `/api/media/files/${mediaId}`,
    thumbnailUrl: null,
    metadata: { fileName },
  }) as unknown as AppMedia;

function renderTab() {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return render(
    <QueryClientProvider client={client}>
      <ToastProvider>
        <LessonsTab appId="app-1" />
      </ToastProvider>
    </QueryClientProvider>,
  );
}

beforeEach(() => {
  server.media = [
    medium('v1', 'video', 'warm-up.webm'),
    medium('p1', 'pdf', 'guide.pdf'),
    medium('a1', 'audio', 'breathing.mp3'),
  ];
  server.lessons = [];
  server.failLessons = false;
  server.calls = [];
});

describe('the builder’s Lessons tab', () => {
  it('offers only videos, audio and PDFs; marks one a lesson of the chosen phase with its title; lists the lessons by phase', async () => {
    server.media.push(medium('i1', 'image', 'cover.png'));
    renderTab();
    expect(await screen.findByRole('heading', { name: 'No lessons yet' })).toBeTruthy();
    const media = await screen.findByLabelText('Media');
    const options = within(media)
      .getAllByRole('option')
      .map((o) => o.textContent);
    expect(options).toEqual(['Choose a video, audio or PDF', 'warm-up.webm (Video)', 'guide.pdf (PDF)', 'breathing.mp3 (Audio)']);
    expect((screen.getByRole('button', { name: 'Add lesson' }) as HTMLButtonElement).disabled).toBe(true);
    expect(server.calls.find((c) => c.id === 'getAppMedia')?.body).toMatchObject({
      appId: 'app-1',
      onlyTypes: 'video,audio,pdf',
    });

    fireEvent.change(media, { target: { value: 'v1' } });
    fireEvent.change(screen.getByLabelText('Phase'), { target: { value: '2' } });
    fireEvent.change(screen.getByLabelText('Title members see'), { target: { value: 'Warm-up run' } });
    fireEvent.click(screen.getByRole('button', { name: 'Add lesson' }));
    const phase2 = await screen.findByRole('list', { name: 'Lessons of phase 2' });
    expect(
      within(phase2)
        .getAllByTestId('lesson-row')
        .map((r) => r.textContent),
    ).toEqual([expect.stringContaining('Warm-up run')]);
    expect(server.calls.at(-1)).toEqual({
      id: 'markAppLesson',
      body: { appId: 'app-1', mediaId: 'v1', phaseNumber: 2, title: 'Warm-up run' },
    });
    // a lesson already is no longer offered; without a title, the file's name is the title
    expect(within(screen.getByLabelText('Media')).queryByText('warm-up.webm (Video)')).toBeNull();
    fireEvent.change(screen.getByLabelText('Media'), { target: { value: 'p1' } });
    fireEvent.change(screen.getByLabelText('Phase'), { target: { value: '1' } });
    fireEvent.click(screen.getByRole('button', { name: 'Add lesson' }));
    const phase1 = await screen.findByRole('list', { name: 'Lessons of phase 1' });
    expect(within(phase1).getByText('guide')).toBeTruthy();
    // phases in order: 1, then 2
    expect(screen.getAllByRole('list', { name: /Lessons of phase/ }).map((l) => l.getAttribute('aria-label'))).toEqual([
      'Lessons of phase 1',
      'Lessons of phase 2',
    ]);
  });

  it('moves a lesson to another phase, up and down within its phase, and removes it', async () => {
    server.lessons = [
      { mediaId: 'v1', phaseNumber: 1, title: 'Warm-up', mediaType: 'video' },
      { mediaId: 'a1', phaseNumber: 1, title: 'Breathing', mediaType: 'audio' },
      { mediaId: 'p1', phaseNumber: 2, title: 'Guide', mediaType: 'pdf' },
    ];
    renderTab();
    const phase1 = await screen.findByRole('list', { name: 'Lessons of phase 1' });
    const rows = () =>
      within(screen.getByRole('list', { name: 'Lessons of phase 1' }))
        .getAllByTestId('lesson-row')
        .map((r) => r.textContent);
    expect(rows()).toEqual([expect.stringContaining('Warm-up'), expect.stringContaining('Breathing')]);
    expect((within(phase1).getByRole('button', { name: 'Move Warm-up up' }) as HTMLButtonElement).disabled).toBe(true);
    expect((within(phase1).getByRole('button', { name: 'Move Breathing down' }) as HTMLButtonElement).disabled).toBe(true);

    fireEvent.click(within(phase1).getByRole('button', { name: 'Move Breathing up' }));
    await waitFor(() => expect(rows()).toEqual([expect.stringContaining('Breathing'), expect.stringContaining('Warm-up')]));
    expect(server.calls.at(-1)).toEqual({
      id: 'reorderAppLessons',
      body: { appId: 'app-1', phaseNumber: 1, mediaIds: ['a1', 'v1'] },
    });

    fireEvent.change(screen.getByLabelText('Phase of Guide'), { target: { value: '1' } });
    await waitFor(() => expect(rows()).toHaveLength(3));
    expect(screen.queryByRole('list', { name: 'Lessons of phase 2' })).toBeNull();
    expect(await screen.findByText('“Guide” moved to phase 1.')).toBeTruthy();

    fireEvent.click(screen.getByRole('button', { name: 'Remove Guide from the lessons' }));
    await waitFor(() => expect(rows()).toHaveLength(2));
    expect(server.calls.at(-1)).toEqual({
      id: 'markAppLesson',
      body: { appId: 'app-1', mediaId: 'p1', phaseNumber: null, title: 'Guide' },
    });
  });

  it('says when there is nothing to make a lesson of, and when the lessons could not be loaded', async () => {
    server.media = [];
    const empty = renderTab();
    expect(await screen.findByRole('heading', { name: 'No videos, audio or PDFs yet' })).toBeTruthy();
    empty.unmount();
    server.failLessons = true;
    renderTab();
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain('Could not load the lessons');
    server.failLessons = false;
    fireEvent.click(within(alert).getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('heading', { name: 'No lessons yet' })).toBeTruthy();
  });
});

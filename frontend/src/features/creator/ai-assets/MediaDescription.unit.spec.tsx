import '../../catalogue/testing/dom-polyfills';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, fireEvent, render, screen } from '@testing-library/react';
import type { ReactNode } from 'react';
import type { AppMedia, JobRunView } from '@sparkhouse/contracts';

// the run as the socket would have it: set by each test
let liveRun: Partial<JobRunView> | undefined;
jest.mock('../../realtime', () => ({
  ...jest.requireActual('../../realtime'),
  useJobRunLive: () => ({ data: liveRun }),
}));
import { MediaDescription } from './MediaDescription';

const APP = '0b3c6f4e-3c55-4c39-9a53-1f0e7f7a9b10';
const pdf = (metadata: Record<string, unknown> = {}): AppMedia => ({
  mediaId: 'm1',
  appId: APP,
  type: 'pdf',
  url: '/api/media/files/guide.pdf',
  thumbnailUrl: null,
  metadata: { fileName: 'guide.pdf', ...metadata },
  activityId: null,
  isForSimulation: false,
  createdAt: '2026-11-24T10:00:00.000Z',
  updatedAt: '2026-11-24T10:00:00.000Z',
});
const success = (response: unknown) =>
  ({ ok: true, status: 200, text: () => Promise.resolve(JSON.stringify({ status: 'success', response })) }) as Response;

function renderDescription(answers: Response[]) {
  const fetchMock = jest.fn((_url: RequestInfo | URL, _init?: RequestInit) => Promise.resolve(answers.shift()!));
  global.fetch = fetchMock as unknown as typeof fetch;
  const client = new QueryClient({ defaultOptions: { queries: { retry: false }, mutations: { retry: false } } });
  const wrap = (node: ReactNode) => <QueryClientProvider client={client}>{node}</QueryClientProvider>;
  const view = render(wrap(<MediaDescription item={pdf()} />));
  return { fetchMock, rerender: (item: AppMedia) => view.rerender(wrap(<MediaDescription item={item} />)) };
}

describe('describing a file whose description is written after the call stops waiting', () => {
  beforeEach(() => {
    liveRun = undefined;
  });

  it('follows the run, keeps the description with the file, then offers to describe it again', async () => {
    const { fetchMock, rerender } = renderDescription([success({ status: 'running', runId: 'r1' }), success({ media: {} })]);
    fireEvent.click(screen.getByRole('button', { name: 'Describe this PDF' }));
    liveRun = { runId: 'r1', status: 'running', percent: 40, step: 'reading', message: 'Reading the PDF' } as Partial<JobRunView>;
    expect(await screen.findByText('Reading the PDF')).toBeTruthy();
    expect(screen.queryByRole('button', { name: /Describe/ })).toBeNull();

    liveRun = {
      runId: 'r1',
      status: 'completed',
      result: { description: 'A one-page guide.', highlights: ['1 page'] },
    } as Partial<JobRunView>;
    rerender(pdf());
    // kept with the file: updateAppMedia with the description in its metadata
    await act(async () => {
      await new Promise((resolve) => setTimeout(resolve, 0));
    });
    const [, kept] = fetchMock.mock.calls;
    expect(String(kept![0])).toContain('updateAppMedia');
    expect(JSON.parse(String(kept![1]!.body))).toMatchObject({
      metadata: { description: 'A one-page guide.', highlights: ['1 page'] },
    });

    // the library now has it: shown once, and it can be written again
    rerender(pdf({ description: 'A one-page guide.', highlights: ['1 page'] }));
    expect(await screen.findByRole('button', { name: 'Describe again' })).toBeTruthy();
    expect(screen.getAllByText('A one-page guide.')).toHaveLength(1);
  });

  it('says why a run failed and lets the creator try again', async () => {
    const { rerender } = renderDescription([success({ status: 'running', runId: 'r2' })]);
    fireEvent.click(screen.getByRole('button', { name: 'Describe this PDF' }));
    liveRun = { runId: 'r2', status: 'running', percent: 10, step: 'reading', message: 'Reading the PDF' } as Partial<JobRunView>;
    await screen.findByText('Reading the PDF');
    liveRun = {
      runId: 'r2',
      status: 'failed',
      error: 'Failed to generate PDF description: the PDF has no text',
    } as Partial<JobRunView>;
    rerender(pdf());
    expect((await screen.findByRole('alert')).textContent).toBe('Failed to generate PDF description: the PDF has no text');
    expect(screen.getByRole('button', { name: 'Describe this PDF' })).toBeTruthy();
  });
});

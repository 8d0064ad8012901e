import '../../catalogue/testing/dom-polyfills';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { fireEvent, render, screen } from '@testing-library/react';
import type { AppMedia, JobRunView } from '@sparkhouse/contracts';
import UploadsWorkbench from './UploadsWorkbench';
import { analysisOf, uploadsOf } from './ai-assets.queries';

const APP = '0b3c6f4e-3c55-4c39-9a53-1f0e7f7a9b10';
const item = (mediaId: string, type: AppMedia['type'], url: string): AppMedia => ({
  mediaId,
  appId: APP,
  type,
  url,
  thumbnailUrl: null,
  metadata: {},
  activityId: null,
  isForSimulation: false,
  createdAt: '2026-11-24T10:00:00.000Z',
  updatedAt: '2026-11-24T10:00:00.000Z',
});
const items = [item('m1', 'image', '/api/media/files/a.png'), item('m2', 'pdf', '/api/media/files/b.pdf')];
const success = (response: unknown) =>
  ({ ok: true, status: 200, text: () => Promise.resolve(JSON.stringify({ status: 'success', response })) }) as Response;
const failure = (status: number, error: string) =>
  ({ ok: false, status, text: () => Promise.resolve(JSON.stringify({ status: 'error', error, code: 'X' })) }) as Response;

function renderWorkbench(answers: Response[], onClear = jest.fn()) {
  const fetchMock = jest.fn((_url: RequestInfo | URL, _init?: RequestInit) => Promise.resolve(answers.shift()!));
  global.fetch = fetchMock as unknown as typeof fetch;
  const client = new QueryClient({ defaultOptions: { queries: { retry: false }, mutations: { retry: false } } });
  render(
    <QueryClientProvider client={client}>
      <UploadsWorkbench appId={APP} items={items} onClear={onClear} />
    </QueryClientProvider>,
  );
  return fetchMock;
}

describe('working with several chosen files', () => {
  it('sends the files as addresses and kinds, in the order chosen', () => {
    expect(uploadsOf(items)).toEqual({
      mediaUrls: ['/api/media/files/a.png', '/api/media/files/b.pdf'],
      mediaTypes: ['image', 'pdf'],
    });
  });

  it('reads an analysis from a finished run only', () => {
    const result = { analysis: 'Two files.', highlights: ['Image'], items: [], generatedBy: 'local-generator' };
    expect(analysisOf({ status: 'completed', result } as unknown as JobRunView)).toEqual(result);
    expect(analysisOf({ status: 'running', result: null } as unknown as JobRunView)).toBeNull();
    expect(analysisOf({ status: 'completed', result: { description: 'x' } } as unknown as JobRunView)).toBeNull();
  });

  it('asks a question about the files and shows the analysis', async () => {
    const fetchMock = renderWorkbench([
      success({
        status: 'completed',
        runId: 'r1',
        analysis: 'You asked: “Which is brighter?”.',
        highlights: ['Image: PNG, 640×480'],
        items: [],
        generatedBy: 'local-generator',
      }),
    ]);
    expect(screen.getByRole('heading', { name: '2 files selected' })).toBeInTheDocument();
    fireEvent.change(screen.getByLabelText('What do you want to know about them?'), { target: { value: 'Which is brighter?' } });
    fireEvent.click(screen.getByRole('button', { name: 'Analyze the files' }));
    expect(await screen.findByText('You asked: “Which is brighter?”.')).toBeInTheDocument();
    const [, init] = fetchMock.mock.calls[0]!;
    expect(JSON.parse(String(init?.body))).toEqual({
      appId: APP,
      mediaUrls: ['/api/media/files/a.png', '/api/media/files/b.pdf'],
      mediaTypes: ['image', 'pdf'],
      analysisPrompt: 'Which is brighter?',
    });
  });

  it('needs words before it calls the server, and says why a picture failed in its words', async () => {
    const fetchMock = renderWorkbench([failure(422, 'Failed to generate image: File 1 is not a readable image.')]);
    fireEvent.click(screen.getByRole('button', { name: 'Make an image from these' }));
    expect(screen.getByRole('button', { name: 'Make an image from these' })).toHaveAttribute('aria-pressed', 'true');
    fireEvent.click(screen.getByRole('button', { name: 'Make the image' }));
    expect(screen.getByText('Say what the image should be.')).toBeInTheDocument();
    expect(fetchMock).not.toHaveBeenCalled();
    fireEvent.change(screen.getByLabelText('What should the new image be?'), { target: { value: 'A poster' } });
    fireEvent.click(screen.getByRole('button', { name: 'Make the image' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Failed to generate image: File 1 is not a readable image.');
  });

  it('clears the selection', () => {
    const onClear = jest.fn();
    renderWorkbench([], onClear);
    fireEvent.click(screen.getByRole('button', { name: 'Clear selection' }));
    expect(onClear).toHaveBeenCalled();
  });
});

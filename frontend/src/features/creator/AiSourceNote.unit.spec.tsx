import '../catalogue/testing/dom-polyfills';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, waitFor } from '@testing-library/react';
import { AiSourceNote } from './AiSourceNote';

const legacy = (body: unknown, status = 200) =>
  ({ ok: status < 400, status, text: () => Promise.resolve(JSON.stringify(body)) }) as Response;

let answer: () => Response;
const fetchMock = jest.fn((_url: RequestInfo | URL) => Promise.resolve(answer()));

beforeEach(() => {
  fetchMock.mockClear();
  global.fetch = fetchMock as unknown as typeof fetch;
});

function renderNote() {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const view = render(
    <QueryClientProvider client={client}>
      <AiSourceNote />
    </QueryClientProvider>,
  );
  return { ...view, client };
}

describe('AiSourceNote', () => {
  it('labels the local generator as such', async () => {
    answer = () =>
      legacy({
        text: { source: 'local', label: 'Local generator (deterministic, no AI model)' },
        images: { source: 'drawn', label: 'Drawn on this server' },
      });
    renderNote();
    const note = await screen.findByTestId('ai-source');
    expect(note).toHaveTextContent('Written by: Local generator (deterministic, no AI model)');
    expect(note).toHaveTextContent('the same idea always gives the same draft');
    expect(note).toHaveTextContent('App images: Drawn on this server');
    expect(String(fetchMock.mock.calls[0]?.[0] ?? '')).toContain('/api/ai-info');
  });

  it('names a configured model without the local caveat', async () => {
    answer = () =>
      legacy({
        text: { source: 'openai-compatible', label: 'AI model llama3' },
        images: { source: 'images-api', label: 'Images API (gpt-image-1)' },
      });
    renderNote();
    const note = await screen.findByTestId('ai-source');
    expect(note).toHaveTextContent('Written by: AI model llama3');
    expect(note).not.toHaveTextContent('same draft');
  });

  it('says so when the server has no AI model (production without one), instead of naming a writer', async () => {
    answer = () =>
      legacy({
        text: { source: 'none', label: 'No AI model configured' },
        images: { source: 'drawn', label: 'Drawn on this server' },
      });
    renderNote();
    const note = await screen.findByTestId('ai-source');
    expect(note).toHaveTextContent('No AI model configured — drafts cannot be written until an operator sets an AI model');
    expect(note).not.toHaveTextContent('Written by');
    expect(note).toHaveTextContent('App images: Drawn on this server');
  });

  it('shows nothing when the server cannot say', async () => {
    answer = () => legacy({ message: 'down' }, 500);
    const { container, client } = renderNote();
    await waitFor(() => expect(client.getQueryState(['system', 'ai-info'])?.status).toBe('error'));
    expect(container).toBeEmptyDOMElement();
  });
});

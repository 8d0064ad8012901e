import '../../catalogue/testing/dom-polyfills';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { fireEvent, render, screen } from '@testing-library/react';
import { LinkDescriber } from './LinkDescriber';

const APP = '0b3c6f4e-3c55-4c39-9a53-1f0e7f7a9b10';
const page = {
  url: 'https://crumb.example/sourdough',
  title: 'The Weekend Sourdough Guide',
  description: 'A step-by-step guide to a crusty loaf.',
  image: 'https://crumb.example/loaf.jpg',
  siteName: 'Crumb & Crust',
};
const success = (response: unknown) =>
  ({ ok: true, status: 200, text: () => Promise.resolve(JSON.stringify({ status: 'success', response })) }) as Response;
const failure = (status: number, error: string) =>
  ({ ok: false, status, text: () => Promise.resolve(JSON.stringify({ status: 'error', error, code: 'X' })) }) as Response;

function renderDescriber(answers: Response[]) {
  const fetchMock = jest.fn((_url: RequestInfo | URL, _init?: RequestInit) => Promise.resolve(answers.shift()!));
  global.fetch = fetchMock as unknown as typeof fetch;
  const client = new QueryClient({ defaultOptions: { queries: { retry: false }, mutations: { retry: false } } });
  render(
    <QueryClientProvider client={client}>
      <LinkDescriber appId={APP} />
    </QueryClientProvider>,
  );
  return fetchMock;
}

const typeAddress = (value: string) => fireEvent.change(screen.getByLabelText('Web address'), { target: { value } });

describe('LinkDescriber', () => {
  it('previews a page, then shows the description written from it', async () => {
    const fetchMock = renderDescriber([
      success(page),
      success({
        status: 'completed',
        runId: 'r1',
        description: 'A web page titled “The Weekend Sourdough Guide”.',
        highlights: ['Feeding the starter'],
        source: page,
        generatedBy: 'local-generator',
      }),
    ]);
    typeAddress(page.url);
    fireEvent.click(screen.getByRole('button', { name: 'Preview' }));
    const card = await screen.findByRole('article', { name: 'Link preview' });
    expect(card).toHaveTextContent('Crumb & Crust');
    expect(screen.getByRole('link', { name: page.title })).toHaveAttribute('href', page.url);

    fireEvent.click(screen.getByRole('button', { name: 'Describe this page' }));
    expect(await screen.findByText('A web page titled “The Weekend Sourdough Guide”.')).toBeInTheDocument();
    expect(screen.getByRole('listitem')).toHaveTextContent('Feeding the starter');
    const [, describeInit] = fetchMock.mock.calls[1]!;
    expect(JSON.parse(String(describeInit?.body))).toEqual({ url: page.url, appId: APP });
  });

  it('refuses an address that is not http(s) without calling the server', () => {
    const fetchMock = renderDescriber([]);
    typeAddress('ftp://files.example/a');
    fireEvent.click(screen.getByRole('button', { name: 'Preview' }));
    expect(screen.getByRole('alert')).toHaveTextContent('Give a web address starting with http:// or https://.');
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it("says why a preview failed in the server's words", async () => {
    renderDescriber([failure(422, 'Failed to fetch link preview: That address is not on the public internet.')]);
    typeAddress('http://10.0.0.1/');
    fireEvent.click(screen.getByRole('button', { name: 'Preview' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Failed to fetch link preview: That address is not on the public internet.',
    );
  });
});

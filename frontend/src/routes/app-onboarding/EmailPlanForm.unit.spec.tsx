import '../../features/catalogue/testing/dom-polyfills';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { getAnonymousId } from '../../api';
import { EmailPlanForm } from './EmailPlanForm';

const answer = (response: unknown) =>
  ({ ok: true, status: 200, text: () => Promise.resolve(JSON.stringify({ status: 'success', response })) }) as Response;

describe('the email-only capture at the end of the onboarding', () => {
  const fetchMock = jest.fn<Promise<Response>, [RequestInfo | URL, RequestInit?]>();
  const onLinked = jest.fn();
  const address = { storefrontSlug: 'jane-yoga', appSlug: 'flow-app' };
  beforeEach(() => {
    fetchMock.mockReset();
    onLinked.mockReset();
    global.fetch = fetchMock as unknown as typeof fetch;
    render(
      <QueryClientProvider client={new QueryClient()}>
        <EmailPlanForm address={address} onLinked={onLinked} />
      </QueryClientProvider>,
    );
  });
  const field = () => screen.getByLabelText('Your email');
  const submit = () => fireEvent.click(screen.getByRole('button', { name: 'Email me my plan' }));

  it('checks the email with the spec’s messages before calling anything', () => {
    submit();
    expect(screen.getByText('You must provide an email.')).toBeInTheDocument();
    fireEvent.change(field(), { target: { value: 'ann@example' } });
    submit();
    expect(screen.getByRole('alert')).toHaveTextContent(
      "This email address looks invalid. If we're wrong, please contact support.",
    );
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('links the anonymous answers and plan to the email (lower-cased), at the spec’s path', async () => {
    fetchMock.mockResolvedValue(answer({ success: true, dataLinked: true }));
    fireEvent.change(field(), { target: { value: '  Ann@Example.com ' } });
    submit();
    await waitFor(() => expect(onLinked).toHaveBeenCalledWith('ann@example.com'));
    const [url, init] = fetchMock.mock.calls[0];
    expect(new URL(String(url), 'http://localhost').pathname).toBe('/api/users/linkOnboardingWithEmail/jane-yoga/flow-app');
    expect(init?.method).toBe('POST');
    expect(JSON.parse(String(init?.body))).toEqual({ email: 'ann@example.com', nonAuthUserId: getAnonymousId() });
    expect(new Headers(init?.headers).get('x-non-auth-user-id')).toBe(getAnonymousId());
  });

  it('shows a refusal as the server words it, and a failed call as the spec says', async () => {
    fetchMock.mockResolvedValueOnce(
      answer({ success: false, dataLinked: false, error: 'Could not find a user with that email.' }),
    );
    fireEvent.change(field(), { target: { value: 'nobody@example.com' } });
    submit();
    expect(await screen.findByRole('alert')).toHaveTextContent('Could not find a user with that email.');
    fetchMock.mockResolvedValueOnce({ ok: true, status: 200, text: () => Promise.resolve('not json') } as Response);
    submit();
    await waitFor(() => expect(screen.getByRole('alert')).toHaveTextContent('Invalid response format'));
    expect(onLinked).not.toHaveBeenCalled();
  });
});

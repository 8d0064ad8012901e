import '../../features/catalogue/testing/dom-polyfills';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { getAnonymousId } from '../../api';
import { EmailPlanForm } from './EmailPlanForm';

const answer = (response: unknown) =>
  ({ ok: true, status: 200, text: () => Promise.resolve(JSON.stringify({ status: 'success', response })) }) as Response;

describe('Email me my plan, at the end of the onboarding', () => {
  const fetchMock = jest.fn<Promise<Response>, [RequestInfo | URL, RequestInit?]>();
  const address = { storefrontSlug: 'jane-yoga', appSlug: 'flow-app' };
  beforeEach(() => {
    fetchMock.mockReset();
    global.fetch = fetchMock as unknown as typeof fetch;
    render(
      <QueryClientProvider client={new QueryClient()}>
        <EmailPlanForm address={address} />
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

  it('asks for a link to the email (lower-cased) at the spec’s path, then says to check the mail', async () => {
    fetchMock.mockResolvedValue(
      answer({ success: true, dataLinked: false, message: 'If that address has an account, we sent it a link.' }),
    );
    fireEvent.change(field(), { target: { value: '  Ann@Example.com ' } });
    submit();
    expect(await screen.findByRole('heading', { name: 'Check your email' })).toHaveFocus();
    expect(screen.getByRole('status')).toHaveTextContent('If that address has an account, we sent it a link.');
    expect(screen.getByRole('status')).toHaveTextContent('ann@example.com');
    const [url, init] = fetchMock.mock.calls[0];
    expect(new URL(String(url), 'http://localhost').pathname).toBe('/api/users/linkOnboardingWithEmail/jane-yoga/flow-app');
    expect(init?.method).toBe('POST');
    expect(JSON.parse(String(init?.body))).toEqual({ email: 'ann@example.com', nonAuthUserId: getAnonymousId() });
    expect(new Headers(init?.headers).get('x-non-auth-user-id')).toBe(getAnonymousId());
    // nothing is linked yet: the visitor keeps their anonymous id (and this plan) until the link is followed
    expect(getAnonymousId()).toBe(JSON.parse(String(init?.body)).nonAuthUserId);

    fireEvent.click(screen.getByRole('button', { name: 'Use another email' }));
    expect(field()).toBeInTheDocument();
  });

  it('shows a refusal as the server words it, and a failed call as the spec says', async () => {
    fetchMock.mockResolvedValueOnce({
      ok: false,
      status: 429,
      text: () =>
        Promise.resolve(
          JSON.stringify({ status: 'error', code: 'TOO_MANY_REQUESTS', error: 'Too many requests. Please try again later.' }),
        ),
    } as Response);
    fireEvent.change(field(), { target: { value: 'nobody@example.com' } });
    submit();
    expect(await screen.findByRole('alert')).toHaveTextContent('Too many requests. Please try again later.');
    fetchMock.mockResolvedValueOnce({ ok: true, status: 200, text: () => Promise.resolve('not json') } as Response);
    submit();
    await waitFor(() => expect(screen.getByRole('alert')).toHaveTextContent('Invalid response format'));
    expect(screen.queryByRole('heading', { name: 'Check your email' })).not.toBeInTheDocument();
  });
});

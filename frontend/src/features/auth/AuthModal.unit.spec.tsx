import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { getAccessToken, setAccessToken } from '../../api/token-store';
import { createAuthServices } from './auth-services';
import { createAuthSessionStore } from './auth-session';
import { AuthModal } from './AuthModal';
import { useAuth } from './AuthContext';
import { AuthProvider } from './AuthProvider';
import { UserProvider } from '../user/UserProvider';
import { createIdentityClient } from './identity-client';
import { authResult } from './test-support/tokens';

jest.mock('./auth-env', () => ({ authEnv: { dev: false, identityClientId: 'test-client' } }));

type Handler = (body: Record<string, unknown>) => { status: number; body: unknown };
const json = (status: number, body: unknown) =>
  ({
    ok: status >= 200 && status < 300,
    status,
    text: () => Promise.resolve(JSON.stringify(body)),
    json: () => Promise.resolve(body),
  }) as Response;
const ok = (response: unknown) => ({ status: 200, body: { status: 'success', response } });
/** The provider's first SRP answer (the client signs it; these mocks do not check the signature). */
const passwordVerifier = () => ({
  status: 200,
  body: {
    ChallengeName: 'PASSWORD_VERIFIER',
    Session: 'srp-session',
    ChallengeParameters: { SALT: 'ab12', SRP_B: '1f2e3d4c5b6a', SECRET_BLOCK: 'c2VjcmV0', USER_ID_FOR_SRP: 'user-1' },
  },
});

/** fetch, answered per identity action (X-Amz-Target) or per API path. */
function mockFetch(routes: Record<string, Handler>) {
  const fetchMock = jest.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = String(input);
    const headers = (init?.headers ?? {}) as Record<string, string>;
    const target = headers['X-Amz-Target']?.split('.').pop();
    const key = target ?? url.split('?')[0];
    const handler = routes[key];
    if (!handler) return json(404, { statusCode: 404, code: 'NOT_FOUND', message: `no route ${key}` });
    const sent = init?.body instanceof URLSearchParams ? Object.fromEntries(init.body) : JSON.parse(String(init?.body ?? '{}'));
    const { status, body } = handler(sent);
    return json(status, body);
  });
  global.fetch = fetchMock as unknown as typeof fetch;
  return fetchMock;
}

function services() {
  const identity = createIdentityClient({ clientId: 'test-client' });
  return createAuthServices(identity, createAuthSessionStore({ client: identity, storage: window.localStorage }));
}

function renderModal(view: Parameters<typeof AuthModal>[0]['initialView'] = 'Email') {
  const onClose = jest.fn();
  const onSignedIn = jest.fn(async () => undefined);
  render(<AuthModal initialView={view} services={services()} onClose={onClose} onSignedIn={onSignedIn} />);
  return { onClose, onSignedIn };
}

const dialog = (name: string) => screen.findByRole('dialog', { name });

/** The provider's answers as the real service gives them, until ConfirmSignUp confirms the account. */
function unconfirmedAccount(extra: Record<string, Handler> = {}) {
  const calls: string[] = [];
  let confirmed = false;
  mockFetch({
    '/api/up': () => ({ status: 200, body: { up: 'yes' } }),
    '/api/users/checkEmail': () => ok({ suggestion: null, score: 0.9, reasons: [] }),
    SignUp: () => ({
      status: 400,
      body: { __type: 'UsernameExistsException', message: 'An account with the given email already exists.' },
    }),
    InitiateAuth: passwordVerifier,
    RespondToAuthChallenge: () =>
      confirmed
        ? { status: 200, body: { AuthenticationResult: authResult(Math.floor(Date.now() / 1000)) } }
        : { status: 400, body: { __type: 'UserNotConfirmedException', message: 'User is not confirmed.' } },
    ResendConfirmationCode: () => {
      calls.push('ResendConfirmationCode');
      return { status: 200, body: { CodeDeliveryDetails: { Destination: 'a***@e***' } } };
    },
    ConfirmSignUp: (body) => {
      calls.push(`ConfirmSignUp ${String(body.ConfirmationCode)}`);
      confirmed = body.ConfirmationCode === '123456';
      return confirmed
        ? { status: 200, body: {} }
        : {
            status: 400,
            body: { __type: 'CodeMismatchException', message: 'Invalid verification code provided, please try again.' },
          };
    },
    ForgotPassword: () =>
      confirmed
        ? { status: 200, body: { CodeDeliveryDetails: { Destination: 'a***@e***' } } }
        : {
            status: 400,
            body: {
              __type: 'InvalidParameterException',
              message: 'Cannot reset password for the user as there is no registered/verified email or phone_number',
            },
          },
    '/api/users/createUser': (body) => {
      calls.push(`createUser ${String(body.firstName)} ${String(body.lastName)}`);
      return ok({ userId: 'user-1' });
    },
    ...extra,
  });
  return calls;
}

beforeEach(() => {
  localStorage.clear();
  sessionStorage.clear();
  setAccessToken(null);
});

describe('auth modal', () => {
  it('opens on the email entry form and validates it', async () => {
    mockFetch({});
    renderModal();
    const modal = await dialog('Get Started');
    await userEvent.click(within(modal).getByRole('button', { name: 'Continue' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Please input an email');
    await userEvent.type(screen.getByLabelText('Email'), 'nope');
    await userEvent.click(screen.getByRole('button', { name: 'Continue' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Invalid email');
  });

  it('sends a known email to Login and a new one to CreateAccount', async () => {
    const fetchMock = mockFetch({
      '/api/users/checkUserExists': () => ok({ exists: true }),
    });
    renderModal();
    await userEvent.type(await screen.findByLabelText('Email'), 'Ada@Example.com');
    await userEvent.click(screen.getByRole('button', { name: 'Continue' }));
    await dialog('Log in');
    expect(screen.getByLabelText('Email')).toHaveValue('ada@example.com');
    expect(String(fetchMock.mock.calls[0][0])).toBe('/api/users/checkUserExists?email=ada%40example.com');
  });

  it('shows the email check suggestion once, then continues', async () => {
    mockFetch({
      '/api/users/checkUserExists': () => ok({ exists: false }),
      '/api/users/checkEmail': () => ok({ suggestion: 'ada@gmail.com', score: 0.4, reasons: [] }),
    });
    renderModal();
    await userEvent.type(await screen.findByLabelText('Email'), 'ada@gmial.com');
    await userEvent.click(screen.getByRole('button', { name: 'Continue' }));
    expect(await screen.findByText('For your email, did you mean to use ada@gmail.com?')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Continue' }));
    await dialog('Create your account');
  });

  it('switches Login <-> CreateAccount both ways, and Login leads to ResetPassword', async () => {
    mockFetch({});
    renderModal('Login');
    await dialog('Log in');
    await userEvent.click(screen.getByRole('button', { name: 'Create an account' }));
    await dialog('Create your account');
    await userEvent.click(screen.getByRole('button', { name: 'Log in' }));
    await dialog('Log in');
    await userEvent.click(screen.getByRole('button', { name: 'Forgot password?' }));
    await dialog('Reset your password');
    await userEvent.click(screen.getByRole('button', { name: 'Back' }));
    await dialog('Log in');
  });

  it('create account shows every required-field message', async () => {
    mockFetch({});
    renderModal('CreateAccount');
    await userEvent.click(await screen.findByRole('button', { name: 'Create account' }));
    const alerts = (await screen.findAllByRole('alert')).map((a) => a.textContent);
    expect(alerts).toEqual([
      'You must provide a first name.',
      'You must provide a last name.',
      'You must provide an email.',
      'You must provide a password.',
    ]);
  });

  it('login shows the password rule and the provider refusal', async () => {
    mockFetch({
      InitiateAuth: () => ({
        status: 400,
        body: { __type: 'NotAuthorizedException', message: 'Incorrect username or password.' },
      }),
    });
    const { onSignedIn } = renderModal('Login');
    await userEvent.type(await screen.findByLabelText('Email'), 'ada@example.com');
    await userEvent.type(screen.getByLabelText('Password'), 'short');
    await userEvent.click(screen.getByRole('button', { name: 'Log in' }));
    // the email check may also show its (debounced) warning on a slow machine: find the password's alert
    const rule = await screen.findByText('Passwords must be at least 8 characters long.');
    expect(rule.closest('[role="alert"]')).not.toBeNull();
    await userEvent.type(screen.getByLabelText('Password'), '-but-long-now');
    await userEvent.click(screen.getByRole('button', { name: 'Log in' }));
    expect(await screen.findByText('Incorrect username or password.')).toBeInTheDocument();
    expect(onSignedIn).not.toHaveBeenCalled();
  });

  it('reset password: a wrong code returns to the code step, then succeeds', async () => {
    let attempts = 0;
    mockFetch({
      ForgotPassword: () => ({ status: 200, body: { CodeDeliveryDetails: { Destination: 'a***@example.com' } } }),
      ConfirmForgotPassword: (body) => {
        attempts += 1;
        return body.ConfirmationCode === '123456'
          ? { status: 200, body: {} }
          : {
              status: 400,
              body: { __type: 'CodeMismatchException', message: 'Invalid verification code provided, please try again.' },
            };
      },
    });
    renderModal('ResetPassword');
    await dialog('Reset your password');
    await userEvent.click(screen.getByRole('button', { name: 'Send code' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Please input an email.');
    await userEvent.type(screen.getByLabelText('Email'), 'ada@example.com');
    await userEvent.click(screen.getByRole('button', { name: 'Send code' }));

    expect(await screen.findByText('a***@example.com')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Continue' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Please input the verification code from your email.');
    await userEvent.type(screen.getByLabelText('Verification code'), '000000');
    await userEvent.click(screen.getByRole('button', { name: 'Continue' }));

    await userEvent.type(await screen.findByLabelText('New password'), 'a new password');
    await userEvent.click(screen.getByRole('button', { name: 'Reset password' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Invalid verification code provided, please try again.');
    expect(screen.getByLabelText('Verification code')).toHaveValue('');

    await userEvent.type(screen.getByLabelText('Verification code'), '123456');
    await userEvent.click(screen.getByRole('button', { name: 'Continue' }));
    await userEvent.type(await screen.findByLabelText('New password'), 'a new password');
    await userEvent.click(screen.getByRole('button', { name: 'Reset password' }));
    expect(await screen.findByText('Your password has been reset.')).toBeInTheDocument();
    expect(attempts).toBe(2);
  });

  describe('an account whose email was never confirmed (a sign-up closed at its code step)', () => {
    it('logging in sends a fresh code and opens the code step; confirming signs in', async () => {
      const calls = unconfirmedAccount();
      const { onSignedIn } = renderModal('Login');
      await userEvent.type(await screen.findByLabelText('Email'), 'ada@example.com');
      await userEvent.type(screen.getByLabelText('Password'), 'correct horse');
      await userEvent.click(screen.getByRole('button', { name: 'Log in' }));

      expect(await screen.findByText('a***@e***')).toBeInTheDocument();
      expect(screen.getByText(/Your email is not confirmed yet/)).toBeInTheDocument();
      expect(screen.queryByText('User is not confirmed.')).not.toBeInTheDocument();
      expect(calls).toEqual(['ResendConfirmationCode']);
      await userEvent.click(screen.getByRole('button', { name: 'Send a new code' }));
      expect(await screen.findByText('A new code is on its way.')).toBeInTheDocument();

      await userEvent.type(screen.getByLabelText('Verification code'), '000000');
      await userEvent.click(screen.getByRole('button', { name: 'Verify and log in' }));
      expect(await screen.findByText('Invalid verification code provided, please try again.')).toBeInTheDocument();
      await userEvent.clear(screen.getByLabelText('Verification code'));
      await userEvent.type(screen.getByLabelText('Verification code'), '123456');
      await userEvent.click(screen.getByRole('button', { name: 'Verify and log in' }));

      await waitFor(() => expect(onSignedIn).toHaveBeenCalledTimes(1), { timeout: 15_000 });
      // the account's user is made with the names it signed up with (its id token's)
      expect(calls).toEqual([
        'ResendConfirmationCode',
        'ResendConfirmationCode',
        'ConfirmSignUp 000000',
        'ConfirmSignUp 123456',
        'createUser Ada Lovelace',
      ]);
    });

    it('signing up again with its password goes to the code step instead of "already exists"', async () => {
      const calls = unconfirmedAccount();
      const { onSignedIn } = renderModal('CreateAccount');
      await userEvent.type(await screen.findByLabelText('First name'), 'Ada');
      await userEvent.type(screen.getByLabelText('Last name'), 'King');
      await userEvent.type(screen.getByLabelText('Email'), 'ada@example.com');
      await userEvent.type(screen.getByLabelText('Password'), 'correct horse');
      await userEvent.click(screen.getByRole('button', { name: 'Create account' }));

      expect(await screen.findByText(/You started creating this account earlier/)).toBeInTheDocument();
      expect(screen.queryByText('An account with the given email already exists.')).not.toBeInTheDocument();
      await userEvent.type(screen.getByLabelText('Verification code'), '123456');
      await userEvent.click(screen.getByRole('button', { name: 'Verify and continue' }));
      await waitFor(() => expect(onSignedIn).toHaveBeenCalledTimes(1), { timeout: 15_000 });
      expect(calls).toEqual(['ResendConfirmationCode', 'ConfirmSignUp 123456', 'createUser Ada King']);
    });

    it('the reset form says in our words to confirm first, and can confirm, then reset', async () => {
      const calls = unconfirmedAccount();
      renderModal('ResetPassword');
      await userEvent.type(await screen.findByLabelText('Email'), 'ada@example.com');
      await userEvent.click(screen.getByRole('button', { name: 'Send code' }));

      expect(
        await screen.findByText(/Your email address isn’t confirmed yet, so its password can’t be reset/),
      ).toBeInTheDocument();
      expect(screen.queryByText(/no registered\/verified email/)).not.toBeInTheDocument();
      await userEvent.click(screen.getByRole('button', { name: 'Confirm my email' }));
      await userEvent.type(await screen.findByLabelText('Verification code'), '123456');
      await userEvent.click(screen.getByRole('button', { name: 'Confirm my email' }));

      // confirmed: the reset goes on with its own code
      expect(await screen.findByText('Step 2 of 3')).toBeInTheDocument();
      expect(calls).toEqual(['ResendConfirmationCode', 'ConfirmSignUp 123456']);
    });
  });

  it('waitlist: success message, or the spec failure message', async () => {
    mockFetch({ '/api/waitlist/add': () => ({ status: 500, body: {} }) });
    renderModal('JoinWaitlist');
    await userEvent.type(await screen.findByLabelText('Email'), 'ada@example.com');
    await userEvent.click(screen.getByRole('button', { name: 'Join the waitlist' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Failed to add to waitlist');
    mockFetch({ '/api/waitlist/add': () => ({ status: 200, body: { success: true } }) });
    await userEvent.click(screen.getByRole('button', { name: 'Join the waitlist' }));
    expect(await screen.findByText('You’re on the waitlist!')).toBeInTheDocument();
  });

  it('links the consent line to /terms and /privacy in a new tab', async () => {
    mockFetch({});
    renderModal();
    for (const [name, href] of [
      ['Terms', '/terms'],
      ['Privacy Policy', '/privacy'],
    ]) {
      const link = await screen.findByRole('link', { name });
      expect(link).toHaveAttribute('href', href);
      expect(link).toHaveAttribute('target', '_blank');
      expect(link.getAttribute('rel')).toContain('noopener');
    }
  });

  it('closes on Escape', async () => {
    mockFetch({});
    const { onClose } = renderModal();
    await dialog('Get Started');
    await userEvent.keyboard('{Escape}');
    expect(onClose).toHaveBeenCalledTimes(1);
  });
});

describe('AuthProvider', () => {
  function Probe() {
    const { signedIn, requireSignIn, signOut } = useAuth();
    return (
      <div>
        <p>{signedIn ? 'signed in' : 'signed out'}</p>
        <button type="button" onClick={() => requireSignIn('/checkout')}>
          Checkout
        </button>
        <button type="button" onClick={() => void signOut()}>
          Leave
        </button>
      </div>
    );
  }

  it('requireSignIn opens the modal, and after login goes to the stored redirect with the token set', async () => {
    mockFetch({
      InitiateAuth: passwordVerifier,
      RespondToAuthChallenge: () => ({ status: 200, body: { AuthenticationResult: authResult(Math.floor(Date.now() / 1000)) } }),
      GlobalSignOut: () => ({ status: 200, body: {} }),
      '/api/users/linkAuthUserWithAnonymousUserId': () => ok({ success: true, dataLinked: true }),
      '/api/users/getBasicUserInfo': () =>
        ok({ userId: 'user-1', firstName: 'Ada', lastName: 'Lovelace', email: 'ada@example.com' }),
    });
    const navigate = jest.fn();
    render(
      <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
        <AuthProvider services={services()} navigation={{ navigate, location: () => ({ pathname: '/cart', search: '' }) }}>
          <Probe />
        </AuthProvider>
      </QueryClientProvider>,
    );
    localStorage.setItem('sparkhouse.cart', JSON.stringify({ productsInCart: [{ id: 'p1' }] }));
    localStorage.setItem('sparkhouse.vipGate', 'seen');
    await userEvent.click(screen.getByRole('button', { name: 'Checkout' }));
    await dialog('Get Started');
    await userEvent.click(screen.getByRole('button', { name: 'Sign up with Google' }));
    await dialog('Sign up to continue');
    await userEvent.click(screen.getByRole('button', { name: 'Log in' }));
    await userEvent.type(await screen.findByLabelText('Email'), 'ada@example.com');
    await userEvent.type(screen.getByLabelText('Password'), 'correct horse');
    await userEvent.click(screen.getByRole('button', { name: 'Log in' }));

    await waitFor(() => expect(navigate).toHaveBeenCalledWith('/checkout'));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(screen.getByText('signed in')).toBeInTheDocument();
    expect(getAccessToken()).toBeTruthy();

    await userEvent.click(screen.getByRole('button', { name: 'Leave' }));
    expect(await screen.findByText('signed out')).toBeInTheDocument();
    expect(getAccessToken()).toBeNull();
    expect(localStorage.getItem('sparkhouse.cart')).toBeNull();
    expect(localStorage.getItem('sparkhouse.vipGate')).toBeNull();
    expect(localStorage.getItem('sparkhouse.auth.session')).toBeNull();
  });

  it('closing the dialog at the code step keeps where to go: back later, confirmed, the visitor goes on there', async () => {
    const user = { userId: 'user-1', firstName: 'Ada', lastName: 'Lovelace', email: 'ada@example.com', creatorInfo: null };
    unconfirmedAccount({
      '/api/users/checkUserExists': () => ok({ exists: true }),
      '/api/users/linkAuthUserWithAnonymousUserId': () => ok({ success: true, dataLinked: false }),
      '/api/users/getBasicUserInfo': () => ok(user),
      '/api/payments/subscriptions': () => ok({ subscriptions: [] }),
    });
    const navigate = jest.fn();
    renderApp(navigate, '/classes/jane/yoga');
    const logInUntilTheCode = async () => {
      await userEvent.type(await screen.findByLabelText('Email'), 'ada@example.com');
      await userEvent.click(screen.getByRole('button', { name: 'Continue' }));
      await dialog('Log in');
      await userEvent.type(screen.getByLabelText('Password'), 'correct horse');
      await userEvent.click(screen.getByRole('button', { name: 'Log in' }));
      await screen.findByLabelText('Verification code');
    };
    // checkout asked for an account: the visitor signs up, then closes the dialog to read their mail
    await userEvent.click(screen.getByRole('button', { name: 'Checkout' }));
    await logInUntilTheCode();
    await userEvent.click(screen.getByRole('button', { name: 'Close' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();

    // back with the code: signing in from the header confirms and goes on to the checkout
    await userEvent.click(screen.getByRole('button', { name: 'Sign in' }));
    await logInUntilTheCode();
    await userEvent.type(screen.getByLabelText('Verification code'), '123456');
    await userEvent.click(screen.getByRole('button', { name: 'Verify and log in' }));
    await waitFor(() => expect(navigate).toHaveBeenCalledWith('/checkout'), { timeout: 15_000 });
    expect(screen.getByText('signed in')).toBeInTheDocument();
  });

  /** On `here`, asks to sign in for /checkout and logs in; `onUserRead` runs as the account is read. */
  async function logInFromCheckout(here: { pathname: string; search: string; hash: string }, onUserRead = () => {}) {
    mockFetch({
      InitiateAuth: passwordVerifier,
      RespondToAuthChallenge: () => ({ status: 200, body: { AuthenticationResult: authResult(Math.floor(Date.now() / 1000)) } }),
      '/api/users/createUser': () => ok({ userId: 'user-1' }),
      '/api/users/linkAuthUserWithAnonymousUserId': () => ok({ success: true, dataLinked: false }),
      '/api/users/getBasicUserInfo': () => {
        onUserRead();
        return ok({ userId: 'user-1', firstName: 'Ada', lastName: 'Lovelace', email: 'ada@example.com' });
      },
    });
    const navigate = jest.fn();
    render(
      <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
        <AuthProvider services={services()} navigation={{ navigate, location: () => here }}>
          <Probe />
        </AuthProvider>
      </QueryClientProvider>,
    );
    await userEvent.click(screen.getByRole('button', { name: 'Checkout' }));
    await userEvent.click(await screen.findByRole('button', { name: 'Sign up with Google' }));
    await userEvent.click(await screen.findByRole('button', { name: 'Log in' }));
    await userEvent.type(await screen.findByLabelText('Email'), 'ada@example.com');
    await userEvent.type(screen.getByLabelText('Password'), 'correct horse');
    await userEvent.click(screen.getByRole('button', { name: 'Log in' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    return navigate;
  }

  it('a redirect to the page the visitor is on navigates nowhere (the page goes on by itself)', async () => {
    const navigate = await logInFromCheckout({ pathname: '/checkout', search: '', hash: '' });
    expect(screen.getByText('signed in')).toBeInTheDocument();
    expect(navigate).not.toHaveBeenCalled();
  });

  it('a redirect to the page the visitor signed in on is not undone when that page moves on meanwhile', async () => {
    // the emailed plan link's page: signed in, it redeems the link and opens the plan while the account is read
    const here = { pathname: '/checkout', search: '', hash: '' };
    const navigate = await logInFromCheckout(here, () => (here.pathname = '/apps/casey/coach/onboarding'));
    expect(here.pathname).toBe('/apps/casey/coach/onboarding');
    expect(navigate).not.toHaveBeenCalled();
  });

  /** Every API call and identity action, in order, with what it answered. */
  function freshAccountBackend() {
    const seen: string[] = [];
    let userExists = false;
    const user = { userId: 'user-1', firstName: 'Ada', lastName: 'Lovelace', email: 'ada@example.com', creatorInfo: null };
    const fetchMock = mockFetch({
      '/api/up': () => ({ status: 200, body: { up: 'yes' } }),
      '/api/users/checkUserExists': () => ok({ exists: false }),
      '/api/users/checkEmail': () => ok({ suggestion: null, score: 0.9, reasons: [] }),
      SignUp: () => ({ status: 200, body: { UserConfirmed: true, UserSub: 'user-1' } }),
      InitiateAuth: passwordVerifier,
      RespondToAuthChallenge: () => ({ status: 200, body: { AuthenticationResult: authResult(Math.floor(Date.now() / 1000)) } }),
      '/api/identity/oauth2/token': () => {
        const tokens = authResult(Math.floor(Date.now() / 1000));
        return {
          status: 200,
          body: { access_token: tokens.AccessToken, id_token: tokens.IdToken, refresh_token: 'refresh-1', expires_in: 3600 },
        };
      },
      '/api/users/createUser': () => {
        userExists = true;
        return ok(user);
      },
      '/api/users/linkAuthUserWithAnonymousUserId': () => ok({ success: true, dataLinked: false }),
      '/api/users/getBasicUserInfo': () =>
        userExists ? ok(user) : { status: 404, body: { status: 'error', error: 'No such user.', code: 'NOT_FOUND' } },
      '/api/payments/subscriptions': () => ok({ subscriptions: [] }),
    });
    const record = fetchMock.getMockImplementation()!;
    fetchMock.mockImplementation(async (input, init) => {
      const answer = await record(input, init);
      const target = ((init?.headers ?? {}) as Record<string, string>)['X-Amz-Target']?.split('.').pop();
      seen.push(`${target ?? String(input).split('?')[0]} ${answer.status}`);
      return answer;
    });
    return seen;
  }

  function renderApp(navigate: jest.Mock, pathname = '/') {
    render(
      <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
        <AuthProvider services={services()} navigation={{ navigate, location: () => ({ pathname, search: '' }) }}>
          <UserProvider>
            <Probe />
            <OpenSignIn />
          </UserProvider>
        </AuthProvider>
      </QueryClientProvider>,
    );
  }

  function OpenSignIn() {
    const { openAuthModal, completeSocialSignIn } = useAuth();
    return (
      <>
        <button type="button" onClick={() => openAuthModal('Email')}>
          Sign in
        </button>
        <button type="button" onClick={() => void completeSocialSignIn(new URLSearchParams('code=c1&state=s1'))}>
          Back from Google
        </button>
      </>
    );
  }

  it('a fresh email sign-up never asks for its user before the user exists, and lands on /library', async () => {
    const seen = freshAccountBackend();
    const navigate = jest.fn();
    renderApp(navigate);
    await userEvent.click(screen.getByRole('button', { name: 'Sign in' }));
    await userEvent.type(await screen.findByLabelText('Email'), 'ada@example.com');
    await userEvent.click(screen.getByRole('button', { name: 'Continue' }));
    await dialog('Create your account');
    await userEvent.type(screen.getByLabelText('First name'), 'Ada');
    await userEvent.type(screen.getByLabelText('Last name'), 'Lovelace');
    await userEvent.type(screen.getByLabelText('Password'), 'correct horse');
    await userEvent.click(screen.getByRole('button', { name: 'Create account' }));

    // not a creator (no creatorInfo): the spec's landing from / is the library, as for a Google sign-up
    // sign-up, SRP sign-in and the user's creation take a while on a busy machine
    await waitFor(() => expect(navigate).toHaveBeenCalledWith('/library'), {
      timeout: 15_000,
      onTimeout: (e) => new Error(`${e.message}\n${seen.join('\n')}`),
    });
    expect(screen.getByText('signed in')).toBeInTheDocument();
    expect(seen.filter((s) => s.startsWith('/api/users/getBasicUserInfo'))).not.toContain('/api/users/getBasicUserInfo 404');
    expect(seen.indexOf('/api/users/createUser 200')).toBeGreaterThan(-1);
    expect(seen.indexOf('/api/users/getBasicUserInfo 200')).toBeGreaterThan(seen.indexOf('/api/users/createUser 200'));
  });

  it('a Google sign-in makes its backend user before the app reads it, and lands where an email sign-up does', async () => {
    const seen = freshAccountBackend();
    sessionStorage.setItem(
      'sparkhouse.auth.hostedLogin',
      JSON.stringify({ state: 's1', verifier: 'v'.repeat(128), provider: 'Google', from: { pathname: '/', search: '' } }),
    );
    const navigate = jest.fn();
    renderApp(navigate, '/auth/callback');
    await userEvent.click(screen.getByRole('button', { name: 'Back from Google' }));

    await waitFor(() => expect(navigate).toHaveBeenCalledWith('/library'));
    expect(seen).not.toContain('/api/users/getBasicUserInfo 404');
    expect(seen.indexOf('/api/users/getBasicUserInfo 200')).toBeGreaterThan(seen.indexOf('/api/users/createUser 200'));
    const create = (global.fetch as jest.Mock).mock.calls.find(([url]) => String(url) === '/api/users/createUser');
    expect(JSON.parse(String(create[1].body))).toEqual({
      userId: 'user-1',
      email: 'ada@example.com',
      firstName: 'Ada',
      lastName: 'Lovelace',
      isSocialSignIn: true,
      socialProvider: 'Google',
    });
  });
});

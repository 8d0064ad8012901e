import '../../features/catalogue/testing/dom-polyfills';
import { screen, waitFor } from '@testing-library/react';
import type { AuthContextValue } from '../../features/auth/AuthContext';
import { setAccessToken } from '../../api/token-store';
import { answerFetchWith, jsonResponse, renderPage } from '../testing/render-page';
import { Header } from './Header';

jest.mock('../../features/cart', () => ({ CartIcon: () => null }));
jest.mock('../../features/user', () => ({ AccountMenu: () => null }));

const auth = (signedIn: boolean): AuthContextValue => ({
  session: null,
  signedIn,
  openAuthModal: jest.fn(),
  closeAuthModal: jest.fn(),
  requireSignIn: jest.fn(),
  signOut: jest.fn(),
  completeSocialSignIn: jest.fn(),
});

let role: string | null = null;
const fetchMock = jest.fn((url: RequestInfo | URL) => {
  const path = String(url).split('?')[0];
  const body = path === '/api/operations/me' ? { status: 'success', response: { role, canAct: role === 'admin' } } : {};
  return Promise.resolve(jsonResponse(body));
});

answerFetchWith(fetchMock);

function renderHeader(signedIn: boolean) {
  if (signedIn) setAccessToken('token');
  renderPage(<Header />, { auth: auth(signedIn) });
}

describe('the header', () => {
  it('never shows a visitor operations tooling or the live-updates badge, and asks the server nothing about it', async () => {
    role = null;
    renderHeader(false);
    expect(screen.getByRole('link', { name: 'Browse' })).toBeTruthy();
    expect(screen.queryByRole('link', { name: 'Operations' })).toBeNull();
    expect(screen.queryByText('Live')).toBeNull();
    expect(screen.queryByText('Connecting')).toBeNull();
    expect(fetchMock.mock.calls.map(([u]) => String(u))).not.toContain('/api/operations/me');
  });

  it('shows a signed-in member without a console role no operations link either', async () => {
    role = null;
    renderHeader(true);
    await waitFor(() => expect(fetchMock.mock.calls.map(([u]) => String(u).split('?')[0])).toContain('/api/operations/me'));
    expect(screen.queryByRole('link', { name: 'Operations' })).toBeNull();
    expect(screen.queryByRole('status', { name: /live updates/i })).toBeNull();
  });

  it('shows an admin the console in the menu, and the live badge with what it means', async () => {
    role = 'admin';
    renderHeader(true);
    const link = await screen.findByRole('link', { name: 'Operations' });
    expect(link.getAttribute('href')).toBe('/ops');
    // the badge's code loads on demand (console users only)
    expect((await screen.findByRole('status', { name: /live updates/i })).getAttribute('title')).toMatch(/live updates/i);
  });
});

import '../../features/catalogue/testing/dom-polyfills';
import { QueryClient } from '@tanstack/react-query';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { setAccessToken } from '../../api/token-store';
import type { AuthContextValue } from '../../features/auth/AuthContext';
import type { Product } from '../../features/catalogue';
import { jsonResponse as json, renderPage } from '../testing/render-page';
import { ClassView } from './ClassPage';

const base: Product = {
  id: '9b2f4c1e-1a2b-4c3d-8e9f-0a1b2c3d4e5f',
  title: 'Jazz Piano',
  slug: 'ada/jazz-piano',
  classSlug: 'jazz-piano',
  storefrontSlug: 'ada',
  creator: { id: 'c1', name: 'Ada Keys' },
  description: 'Learn to swing.',
  category: 'music',
  topics: ['improv'],
  genres: ['jazz'],
  priceInfo: { priceInCents: 4900, currency: 'USD', crossedPriceInCents: 6900 },
  rating: 4.6,
  ratingCount: 120,
  releaseDate: '2026-01-01T00:00:00Z',
  purchaseCount: 10,
  media: {
    coverUrl: '',
    videoUrl: '/v.webm',
    durationSeconds: 600,
    contents: [
      { contentId: 'l1', title: 'Warm-up', durationSeconds: 65 },
      { contentId: 'l2', title: '2. Chords', durationSeconds: 3725 },
    ],
  },
};

const offer = {
  productId: base.id,
  offerKey: 'jazzOffer',
  specialOnlyVip: false,
  shouldNotHideDiscount: false,
  price: 4900,
  crossedPrice: 6900,
};

const fetchMock = jest.fn((_url: RequestInfo | URL, _init?: RequestInit) => Promise.resolve(json({})));

/** The class's offer answers with its crossed price applicable from `from`; every other call answers {}. */
const answerOfferRunningFrom = (from: string) =>
  fetchMock.mockImplementation((url) =>
    Promise.resolve(
      String(url).startsWith('/api/offers/getProductOffers')
        ? json({ offers: [{ ...offer, crossedPriceApplicableFrom: from }] })
        : json({}),
    ),
  );

function renderClass(product: Product) {
  renderPage(<ClassView product={product} />);
}

beforeEach(() => {
  fetchMock.mockReset();
  global.fetch = fetchMock as unknown as typeof fetch;
  setAccessToken(null);
  localStorage.clear();
});

describe('class page', () => {
  it('shows the class: title, creator, contents with durations, price in dollars with the crossed price while its offer runs', async () => {
    answerOfferRunningFrom('2999-01-01T00:00:00.000Z');
    renderClass(base);
    expect(screen.getByRole('heading', { level: 1, name: 'Jazz Piano' })).toBeInTheDocument();
    expect(screen.getByText('Ada Keys')).toBeInTheDocument();
    expect(screen.getByText('Warm-up')).toBeInTheDocument();
    expect(screen.getByText('1:02:05')).toBeInTheDocument();
    expect(await screen.findByText('$69', { selector: 's' })).toBeInTheDocument();
    expect(screen.getByText('$49')).toBeInTheDocument();
    // the first view is recorded in the offer's cookies (path /)
    expect(document.cookie).toContain('jazzOfferExpirationDateSeen=');
    expect(document.cookie).toContain('jazzOfferLastSeenCurrentOffer=');
  });

  it('charges and shows the full price alone when the offer is over (or the product has none)', async () => {
    answerOfferRunningFrom('2001-01-01T00:00:00.000Z');
    renderClass(base);
    await waitFor(() => expect(fetchMock.mock.calls.some(([url]) => String(url).includes('getProductOffers'))).toBe(true));
    expect(await screen.findByText('$69')).toBeInTheDocument();
    expect(screen.queryByText('$49')).toBeNull();
  });

  it('offers to buy a paid class to a visitor, with a sign-in link to watch', () => {
    renderClass(base);
    expect(screen.getByRole('link', { name: 'Buy this class' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Sign in to watch' })).toHaveAttribute(
      'href',
      `/?signin=1&redirect=${encodeURIComponent(`/watch/jazz-piano-${base.id}`)}`,
    );
    expect(screen.queryByRole('link', { name: 'Watch' })).toBeNull();
  });

  it('opens the sign-in modal, keeping the watch address for afterwards, when the auth feature is there', () => {
    const requireSignIn = jest.fn(() => false);
    renderPage(<ClassView product={base} />, {
      client: new QueryClient(),
      auth: { requireSignIn } as unknown as AuthContextValue,
    });
    fireEvent.click(screen.getByRole('button', { name: 'Sign in to watch' }));
    expect(requireSignIn).toHaveBeenCalledWith(`/watch/jazz-piano-${base.id}`);
  });

  it('lets anyone watch a free class', () => {
    renderClass({ ...base, priceInfo: { priceInCents: 0, currency: 'USD', crossedPriceInCents: null } });
    expect(screen.getByRole('link', { name: 'Watch' })).toHaveAttribute('href', `/watch/jazz-piano-${base.id}`);
    expect(screen.getByText('Free')).toBeInTheDocument();
  });

  it('shows Watch when the signed-in user owns the class', async () => {
    setAccessToken('token');
    fetchMock.mockImplementation((url) =>
      Promise.resolve(
        String(url).startsWith('/api/getUserPurchaseForProduct')
          ? json({ purchase: { productId: base.id, owned: true, refundedInfo: null } })
          : json({ progress: { percent_complete: 0, resume: null, contents: [] } }),
      ),
    );
    renderClass(base);
    expect(await screen.findByRole('link', { name: 'Watch' })).toBeInTheDocument();
    expect(screen.getByText('In your library')).toBeInTheDocument();
  });

  it('takes waitlist sign-ups for a class not released yet', async () => {
    fetchMock.mockResolvedValue(json({ status: 'success', response: { success: true, alreadyOnWaitlist: false } }));
    renderClass({ ...base, releaseDate: '2999-01-01T00:00:00Z' });
    expect(screen.queryByRole('link', { name: 'Buy this class' })).toBeNull();
    fireEvent.change(screen.getByLabelText('Email'), { target: { value: 'Lea@Example.com' } });
    fireEvent.click(screen.getByRole('button', { name: 'Join waitlist' }));
    expect(await screen.findByText(/You are on the waitlist/)).toBeInTheDocument();
    const [url, init] = fetchMock.mock.calls[0];
    expect(String(url)).toBe('/api/waitlist/add');
    expect(JSON.parse(String(init?.body))).toEqual({ email: 'lea@example.com', productId: base.id, source: 'class-page' });
  });

  it('refuses an invalid waitlist email without calling the server', () => {
    renderClass({ ...base, releaseDate: '2999-01-01T00:00:00Z' });
    fireEvent.change(screen.getByLabelText('Email'), { target: { value: 'not-an-email' } });
    fireEvent.click(screen.getByRole('button', { name: 'Join waitlist' }));
    expect(screen.getByRole('alert')).toHaveTextContent('Please enter a valid email address');
    expect(fetchMock).not.toHaveBeenCalled();
  });
});

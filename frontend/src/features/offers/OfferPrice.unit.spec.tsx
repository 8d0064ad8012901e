import '../catalogue/testing/dom-polyfills';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, waitFor } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { setAccessToken } from '../../api/token-store';
import { NO_PRICE_OFFER_STORAGE_KEY } from '../attribution/attribution';
import { OfferPrice } from './OfferPrice';
import { OFFER_COOLDOWN_MS } from './offer-visibility';

const DAY = 24 * 60 * 60 * 1000;
const ends = new Date(Date.now() + 10 * DAY).toISOString();
const offer = (key: string, extra: Record<string, unknown> = {}) => ({
  productId: key,
  offerKey: key,
  crossedPriceApplicableFrom: ends,
  specialOnlyVip: false,
  shouldNotHideDiscount: false,
  price: 2900,
  crossedPrice: 4900,
  ...extra,
});
const priceInfo = { priceInCents: 2900, currency: 'USD', crossedPriceInCents: 4900 };

const json = (body: unknown) => ({ ok: true, status: 200, text: () => Promise.resolve(JSON.stringify(body)) }) as Response;
let offers: unknown[] = [];
const fetchMock = jest.fn((url: RequestInfo | URL, _init?: RequestInit) =>
  Promise.resolve(String(url).startsWith('/api/offers/') ? json({ offers }) : json({ success: true, saved: true })),
);

function show(productId: string, path = '/') {
  return render(
    <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
      <MemoryRouter initialEntries={[path]}>
        <OfferPrice productId={productId} priceInfo={priceInfo} />
      </MemoryRouter>
    </QueryClientProvider>,
  );
}

const clearCookies = () =>
  document.cookie.split(';').forEach((c) => {
    const name = c.split('=')[0].trim();
    if (name) document.cookie = `${name}=; path=/; max-age=0`;
  });
const saves = () => fetchMock.mock.calls.filter(([url]) => String(url).startsWith('/api/saveLastSeenOfferInfo'));

beforeEach(() => {
  clearCookies();
  localStorage.clear();
  fetchMock.mockClear();
  global.fetch = fetchMock as unknown as typeof fetch;
  setAccessToken(null);
});

describe('offer prices', () => {
  it('first view: offer price with the full price crossed out, the view recorded in cookies and (signed in) on the account once', async () => {
    offers = [offer('springA')];
    setAccessToken('token');
    show('springA');
    expect(await screen.findByText('$49', { selector: 's' })).toBeInTheDocument();
    expect(screen.getByText('$29')).toBeInTheDocument();
    expect(document.cookie).toContain(`springAExpirationDateSeen=${encodeURIComponent(ends)}`);
    await waitFor(() => expect(saves()).toHaveLength(1));
    expect(JSON.parse(String(saves()[0][1]?.body))).toMatchObject({ offer_key: 'springA', exp_date_seen: ends });

    // a second price of the same offer within 5 minutes does not save again (throttled)
    show('springA');
    await screen.findAllByText('$29');
    expect(saves()).toHaveLength(1);
  });

  it('a moved offer date inside the 26-day cool-down shows the full price only and sets noPriceOffer', async () => {
    offers = [offer('springB')];
    document.cookie = `springBExpirationDateSeen=${encodeURIComponent('2026-01-01T00:00:00.000Z')}; path=/`;
    document.cookie = `springBLastSeenCurrentOffer=${Date.now() - OFFER_COOLDOWN_MS + DAY}; path=/`;
    show('springB');
    await waitFor(() => expect(localStorage.getItem(NO_PRICE_OFFER_STORAGE_KEY)).toBe('true'));
    expect(screen.getByText('$49')).toBeInTheDocument();
    expect(screen.queryByText('$29')).toBeNull();
  });

  it('after the cool-down the offer shows again and noPriceOffer is cleared', async () => {
    offers = [offer('springC')];
    localStorage.setItem(NO_PRICE_OFFER_STORAGE_KEY, 'true');
    document.cookie = `springCExpirationDateSeen=${encodeURIComponent('2026-01-01T00:00:00.000Z')}; path=/`;
    document.cookie = `springCLastSeenCurrentOffer=${Date.now() - OFFER_COOLDOWN_MS - DAY}; path=/`;
    show('springC');
    expect(await screen.findByText('$29')).toBeInTheDocument();
    await waitFor(() => expect(localStorage.getItem(NO_PRICE_OFFER_STORAGE_KEY)).toBeNull());
  });

  it('a VIP-only offer needs p=vip', async () => {
    offers = [offer('vipD', { specialOnlyVip: true })];
    const first = show('vipD');
    await waitFor(() => expect(fetchMock).toHaveBeenCalled());
    expect(await screen.findByText('$49')).toBeInTheDocument();
    expect(screen.queryByText('$29')).toBeNull();
    first.unmount();
    show('vipD', '/?p=vip');
    expect(await screen.findByText('$29')).toBeInTheDocument();
  });

  it('one request serves the prices of a whole page', async () => {
    offers = [offer('e1'), offer('e2')];
    render(
      <QueryClientProvider client={new QueryClient()}>
        <MemoryRouter>
          {['e1', 'e2', 'e3'].map((id) => (
            <OfferPrice key={id} productId={id} priceInfo={priceInfo} />
          ))}
        </MemoryRouter>
      </QueryClientProvider>,
    );
    await waitFor(() => expect(screen.getAllByText('$29')).toHaveLength(2));
    // e3 has no offer: full price alone
    expect(screen.getAllByText('$49').filter((el) => el.tagName !== 'S')).toHaveLength(1);
    const offerCalls = fetchMock.mock.calls.filter(([url]) => String(url).startsWith('/api/offers/'));
    expect(offerCalls).toHaveLength(1);
    expect(decodeURIComponent(String(offerCalls[0][0]))).toContain('product_ids=e1,e2,e3');
  });
});

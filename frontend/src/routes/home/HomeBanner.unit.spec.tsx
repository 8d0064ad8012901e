import '../../features/catalogue/testing/dom-polyfills';
import { act, fireEvent, render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import type { BannerPayload } from '../../features/catalogue/banner';
import { useHomeBanner } from './HomeBanner';

function Banners({ payload }: { payload: BannerPayload | null }) {
  const banner = useHomeBanner(payload);
  return (
    <>
      {banner('top')}
      <p>hero</p>
      {banner('bottom')}
    </>
  );
}

const renderBanner = (payload: BannerPayload | null) =>
  render(
    <MemoryRouter>
      <Banners payload={payload} />
    </MemoryRouter>,
  );

const START = new Date('2026-11-21T12:00:00Z');
const payload: BannerPayload = {
  titleBoldText: 'Holiday sale',
  descriptionText: '30% off every class',
  descriptionTextAfterCountdown: 'Sale extended for members',
  countdownEndDate: new Date(START.getTime() + 3000).toISOString(),
  url: '/browse?view=top',
  specialTheme: 'holiday',
};

beforeEach(() => {
  localStorage.clear();
  jest.useFakeTimers({ now: START });
});
afterEach(() => jest.useRealTimers());

describe('home banner', () => {
  it('shows above and below the hero, linking to its url, in its theme', () => {
    renderBanner(payload);
    const banners = screen.getAllByRole('complementary');
    expect(banners).toHaveLength(2);
    expect(banners[0]).toHaveClass('home-banner--holiday');
    expect(screen.getAllByRole('link')[0]).toHaveAttribute('href', '/browse?view=top');
  });

  it('is absent when the flag is off (no payload)', () => {
    renderBanner(null);
    expect(screen.queryByRole('complementary')).toBeNull();
  });

  it('counts down, then switches to the after-countdown text', () => {
    renderBanner(payload);
    expect(screen.getAllByText('30% off every class')).toHaveLength(2);
    expect(screen.getAllByText('00h 00m 03s')).toHaveLength(2);
    act(() => {
      jest.advanceTimersByTime(2000);
    });
    expect(screen.getAllByText('00h 00m 01s')).toHaveLength(2);
    act(() => {
      jest.advanceTimersByTime(2000);
    });
    expect(screen.getAllByText('Sale extended for members')).toHaveLength(2);
    expect(screen.queryByText(/\d\dh \d\dm/)).toBeNull();
  });

  it('is dismissed with its close button, and stays dismissed on the next visit', () => {
    const { unmount } = renderBanner(payload);
    fireEvent.click(screen.getAllByRole('button', { name: 'Dismiss announcement' })[0]);
    expect(screen.queryByRole('complementary')).toBeNull();
    unmount();
    renderBanner(payload);
    expect(screen.queryByRole('complementary')).toBeNull();
  });
});

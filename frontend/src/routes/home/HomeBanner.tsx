import { useState, type ReactNode } from 'react';
import { Link } from 'react-router';
import { CloseIcon } from '../../ui';
import {
  bannerDescription,
  bannerTheme,
  countdownRemaining,
  dismissBanner,
  formatCountdown,
  isCountdownOver,
  shouldShowBanner,
  type BannerPayload,
  useNow,
} from '../../features/catalogue';

const isExternal = (url: string) => /^https?:\/\//i.test(url);

function BannerLink({ url, children }: { url: string; children: ReactNode }) {
  if (!url) return <span className="home-banner__link">{children}</span>;
  return isExternal(url) ? (
    <a className="home-banner__link" href={url}>
      {children}
    </a>
  ) : (
    <Link className="home-banner__link" to={url}>
      {children}
    </Link>
  );
}

function BannerStrip({
  payload,
  placement,
  onDismiss,
}: {
  payload: BannerPayload;
  placement: 'top' | 'bottom';
  onDismiss: () => void;
}) {
  const counting = Boolean(payload.countdownEndDate);
  const now = useNow(1000, counting && !isCountdownOver(payload, Date.now()));
  const remaining = countdownRemaining(payload, now);
  const over = isCountdownOver(payload, now);
  return (
    <aside
      className={`home-banner home-banner--${bannerTheme(payload)} home-banner--${placement}`}
      aria-label={placement === 'top' ? 'Announcement' : 'Announcement (repeated)'}
    >
      <BannerLink url={payload.url ?? ''}>
        {payload.titleBoldText && <strong className="home-banner__title">{payload.titleBoldText}</strong>}{' '}
        <span className="home-banner__text">{bannerDescription(payload, now)}</span>
        {remaining !== null && !over && (
          <span className="home-banner__countdown">
            <span className="visually-hidden">Ends in </span>
            <time dateTime={payload.countdownEndDate ?? undefined} aria-hidden="true">
              {formatCountdown(remaining)}
            </time>
          </span>
        )}
      </BannerLink>
      <button type="button" className="home-banner__close" aria-label="Dismiss announcement" onClick={onDismiss}>
        <CloseIcon size={18} />
      </button>
    </aside>
  );
}

/**
 * The promotional banner, above or below the hero. It shows while the flag is on (the home content
 * carries its payload) and until dismissed; dismissing one closes both and is remembered.
 */
export function useHomeBanner(payload: BannerPayload | null | undefined) {
  const [dismissed, setDismissed] = useState(false);
  const visible = !dismissed && shouldShowBanner(Boolean(payload), payload);
  const dismiss = () => {
    if (payload) dismissBanner(payload);
    setDismissed(true);
  };
  const render = (placement: 'top' | 'bottom') =>
    visible && payload ? <BannerStrip payload={payload} placement={placement} onDismiss={dismiss} /> : null;
  return render;
}

import { Link, useSearchParams } from 'react-router';
import { browseHref } from '../../features/catalogue';
import { buttonClassName } from '../../ui';

/** The VIP-only offer: specialOnlyVip offers show only to the VIP audience, reached with ?p=vip. */
export function VipOffer() {
  const [params] = useSearchParams();
  if (params.get('p') !== 'vip') return null;
  return (
    <section className="vip-offer" aria-labelledby="vip-offer-title">
      <p className="eyebrow">VIP only</p>
      <h2 id="vip-offer-title">Your VIP invitation</h2>
      <p>
        You are on the VIP list: the top-rated classes below carry their VIP pricing through checkout while this link stays in
        your address bar.
      </p>
      <Link to={`${browseHref({ view: 'top' })}&p=vip`} className={buttonClassName('primary', 'large')}>
        See the VIP picks
      </Link>
    </section>
  );
}

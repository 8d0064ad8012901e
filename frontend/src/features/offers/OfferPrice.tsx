import { formatCents } from '../format';
import { priceView, type PriceInfoLike, type PriceView } from './offer-price';
import { useOfferVisibility } from './useOfferVisibility';

/** Dollars from cents; "Free" at zero; the crossed price struck through (and read out as "was"). */
export function PriceLabel({ view, className }: { view: PriceView; className?: string }) {
  return (
    <span className={['price', className].filter(Boolean).join(' ')}>
      <span className="price__now">{view.payCents === 0 ? 'Free' : formatCents(view.payCents)}</span>
      {view.crossedCents !== null && (
        <>
          <s className="price__was" aria-hidden="true">
            {formatCents(view.crossedCents)}
          </s>
          <span className="visually-hidden">, was {formatCents(view.crossedCents)}</span>
        </>
      )}
    </span>
  );
}

/** A product's price, with the full price crossed out only while its offer shows (spec section 4). */
export function OfferPrice({ productId, priceInfo }: { productId: string; priceInfo: PriceInfoLike }) {
  const { visible } = useOfferVisibility(productId);
  return <PriceLabel view={priceView(priceInfo, visible)} />;
}

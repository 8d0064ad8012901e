import { Link } from 'react-router';
import type { ProductCardData } from './catalogue.queries';
import { COVER_SIZES, coverImage } from './cover-image';
import { OfferPrice } from '../offers';
import { formatCents } from '../format';

export const classPath = (product: { storefrontSlug: string; classSlug: string }): string =>
  `/classes/${product.storefrontSlug}/${product.classSlug}`;

export function Rating({ rating, count }: { rating: number; count: number }) {
  if (count === 0) return <span className="product-card__rating muted">New</span>;
  return (
    // role="img": a label on a plain span is not read out, and the visible text is hidden from readers
    <span className="product-card__rating" role="img" aria-label={`Rated ${rating.toFixed(1)} out of 5 by ${count} learners`}>
      <span aria-hidden="true" className="product-card__star">
        ★
      </span>
      <span aria-hidden="true">
        {rating.toFixed(1)} <span className="muted">({count})</span>
      </span>
    </span>
  );
}

export function Price({ priceInCents, crossedPriceInCents }: { priceInCents: number; crossedPriceInCents: number | null }) {
  const crossed = crossedPriceInCents !== null && crossedPriceInCents > priceInCents;
  return (
    <span className="price">
      {priceInCents === 0 ? (
        <span className="price__now">Free</span>
      ) : (
        <span className="price__now">{formatCents(priceInCents)}</span>
      )}
      {crossed && (
        <>
          <s className="price__was" aria-hidden="true">
            {formatCents(crossedPriceInCents)}
          </s>
          <span className="visually-hidden">, was {formatCents(crossedPriceInCents)}</span>
        </>
      )}
    </span>
  );
}

/**
 * A class in a grid: the whole card is one link (its title), so keyboard users tab once per class.
 * `coverPriority` 'low': below a page's own picture (a collection's cover), the cards' covers are
 * fetched after it, even those in the first screen.
 */
export function ProductCard({ product, coverPriority }: { product: ProductCardData; coverPriority?: 'low' }) {
  return (
    <article className="product-card">
      <div className="product-card__cover">
        {product.media.coverUrl ? (
          <img
            {...coverImage(product.media.coverUrl, COVER_SIZES.card)}
            alt=""
            loading="lazy"
            decoding="async"
            fetchPriority={coverPriority}
          />
        ) : null}
      </div>
      <div className="product-card__body">
        <h3 className="product-card__title">
          <Link to={classPath(product)} className="product-card__link">
            {product.title}
          </Link>
        </h3>
        <p className="product-card__creator">{product.creator.name}</p>
        <div className="product-card__meta">
          <Rating rating={product.rating} count={product.ratingCount} />
          <OfferPrice productId={product.id} priceInfo={product.priceInfo} />
        </div>
      </div>
    </article>
  );
}

export function ProductCardSkeleton() {
  return (
    <div className="product-card product-card--skeleton" aria-hidden="true">
      <div className="product-card__cover skeleton" />
      <div className="product-card__body">
        <div className="skeleton skeleton--line" />
        <div className="skeleton skeleton--line skeleton--short" />
      </div>
    </div>
  );
}

export function ProductGrid({
  products,
  label,
  coverPriority,
}: {
  products: ProductCardData[];
  label: string;
  coverPriority?: 'low';
}) {
  return (
    <ul className="product-grid" aria-label={label}>
      {products.map((product) => (
        <li key={product.id}>
          <ProductCard product={product} coverPriority={coverPriority} />
        </li>
      ))}
    </ul>
  );
}

export function ProductGridSkeleton({ count = 8, label = 'Loading classes' }: { count?: number; label?: string }) {
  return (
    <div role="status" aria-live="polite">
      <span className="visually-hidden">{label}…</span>
      <ul className="product-grid" aria-hidden="true">
        {Array.from({ length: count }, (_, i) => (
          <li key={i}>
            <ProductCardSkeleton />
          </li>
        ))}
      </ul>
    </div>
  );
}

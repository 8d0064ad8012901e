import { Link } from 'react-router';
import type { CollectionSummary } from './catalogue.queries';
import { COVER_SIZES, coverImage } from './cover-image';

export function CollectionCard({ collection }: { collection: CollectionSummary }) {
  const to = collection.programType === 'school' ? `/schools/${collection.slug}` : `/collections/${collection.slug}`;
  return (
    <article className="product-card collection-card">
      <div className="product-card__cover">
        {collection.coverUrl ? (
          <img {...coverImage(collection.coverUrl, COVER_SIZES.card)} alt="" loading="lazy" decoding="async" />
        ) : null}
      </div>
      <div className="product-card__body">
        <h3 className="product-card__title">
          <Link to={to} className="product-card__link">
            {collection.title}
          </Link>
        </h3>
        <p className="product-card__creator">{collection.description}</p>
        <div className="product-card__meta">
          <span className="tag tag--primary">{collection.programType}</span>
          <span className="muted">
            {collection.productCount} {collection.productCount === 1 ? 'class' : 'classes'}
          </span>
        </div>
      </div>
    </article>
  );
}

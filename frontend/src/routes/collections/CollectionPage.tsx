import { useQuery } from '@tanstack/react-query';
import { useParams } from 'react-router';
import { collectionQuery, ErrorState, isNotFound, NotFoundState, ProductGridSkeleton } from '../../features/catalogue';
import { CollectionView } from './CollectionView';

export function CollectionPage() {
  const { slug = '' } = useParams();
  const query = useQuery(collectionQuery(slug));
  if (query.isPending) return <ProductGridSkeleton count={4} label="Loading the collection" />;
  if (query.isError) {
    if (isNotFound(query.error)) return <NotFoundState what="Collection" />;
    return <ErrorState title="Could not load this collection" error={query.error} onRetry={() => void query.refetch()} />;
  }
  return <CollectionView collection={query.data.collection} />;
}

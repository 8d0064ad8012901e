import { useQuery } from '@tanstack/react-query';
import { useParams } from 'react-router';
import { ErrorState, isNotFound, NotFoundState, ProductGridSkeleton, schoolQuery } from '../../features/catalogue';
import { CollectionView } from '../collections/CollectionView';

/** /schools/:slug, and /school/music (the music school, by its fixed slug). */
export function SchoolPage({ slug: fixedSlug }: { slug?: string }) {
  const params = useParams();
  const slug = fixedSlug ?? params.slug ?? '';
  const query = useQuery(schoolQuery(slug));
  if (query.isPending) return <ProductGridSkeleton count={4} label="Loading the school" />;
  if (query.isError) {
    if (isNotFound(query.error)) return <NotFoundState what="School" />;
    return <ErrorState title="Could not load this school" error={query.error} onRetry={() => void query.refetch()} />;
  }
  return <CollectionView collection={query.data.school} />;
}

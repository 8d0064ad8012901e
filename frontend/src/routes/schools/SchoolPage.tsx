import { useQuery } from '@tanstack/react-query';
import { useParams } from 'react-router';
import { schoolQuery } from '../../features/catalogue';
import { LoadedCollection } from '../collections/CollectionView';

/** /schools/:slug, and /school/music (the music school, by its fixed slug). */
export function SchoolPage({ slug: fixedSlug }: { slug?: string }) {
  const params = useParams();
  const slug = fixedSlug ?? params.slug ?? '';
  const query = useQuery({ ...schoolQuery(slug), select: (data) => data.school });
  return <LoadedCollection query={query} what="School" />;
}

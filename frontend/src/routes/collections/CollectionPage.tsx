import { useQuery } from '@tanstack/react-query';
import { useParams } from 'react-router';
import { collectionQuery } from '../../features/catalogue';
import { LoadedCollection } from './CollectionView';

export function CollectionPage() {
  const { slug = '' } = useParams();
  const query = useQuery({ ...collectionQuery(slug), select: (data) => data.collection });
  return <LoadedCollection query={query} what="Collection" />;
}

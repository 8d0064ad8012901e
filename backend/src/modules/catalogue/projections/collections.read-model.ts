import type { DomainEvent } from '@sparkhouse/contracts';
import type { Db } from '../../../platform/database/database';
import type { ProjectionHandlers } from '../../../platform/events/define-projection';
import { run, textArray } from '../../../platform/database/sql';

function insertCollection(e: DomainEvent<'CollectionCreated' | 'SchoolCreated'>, tx: Db) {
  const { payload: p, metadata } = e;
  const programType = e.type === 'SchoolCreated' ? 'school' : e.payload.programType;
  return run(
    tx,
    `insert into product_collection (slug, title, description, program_type, cover_url, product_ids, created_at)
     values (?, ?, ?, ?, ?, ?::text[], ?) on conflict (slug) do nothing`,
    [p.slug, p.title, p.description, programType, p.coverUrl, textArray(p.productIds), metadata.occurredAt],
  );
}

/** product_collection: collections and schools (a school is a collection whose program type is 'school'). */
export const collections: ProjectionHandlers<'CollectionCreated' | 'SchoolCreated'> = {
  CollectionCreated: insertCollection,
  SchoolCreated: insertCollection,
};

import type { MigrationObject } from '@mikro-orm/core';
import { Migration20261121000100_event_backbone } from './Migration20261121000100_event_backbone';
import { Migration20261121000200_operations } from './Migration20261121000200_operations';

/** Every migration, in order. Committed; never edited after it has shipped: add a new one. */
export const migrationsList: MigrationObject[] = [
  { name: 'Migration20261121000100_event_backbone', class: Migration20261121000100_event_backbone },
  { name: 'Migration20261121000200_operations', class: Migration20261121000200_operations },
];

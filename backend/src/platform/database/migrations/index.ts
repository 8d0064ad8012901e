import type { MigrationObject } from '@mikro-orm/core';
import { Migration20261121000100_event_backbone } from './Migration20261121000100_event_backbone';
import { Migration20261121000200_operations } from './Migration20261121000200_operations';
import { Migration20261121000300_identity_provider } from './Migration20261121000300_identity_provider';
import { Migration20261121000310_federated_identities } from './Migration20261121000310_federated_identities';
import { Migration20261121000400_users } from './Migration20261121000400_users';
import { Migration20261121000410_user_class_enrolments } from './Migration20261121000410_user_class_enrolments';
import { Migration20261121000500_catalogue } from './Migration20261121000500_catalogue';
import { Migration20261121000600_commerce } from './Migration20261121000600_commerce';
import { Migration20261121000610_commerce_refunds } from './Migration20261121000610_commerce_refunds';
import { Migration20261121000620_commerce_checkout_claims } from './Migration20261121000620_commerce_checkout_claims';
import { Migration20261121000700_creator_apps } from './Migration20261121000700_creator_apps';

/** Every migration, in order. Committed; never edited after it has shipped: add a new one. */
export const migrationsList: MigrationObject[] = [
  { name: 'Migration20261121000100_event_backbone', class: Migration20261121000100_event_backbone },
  { name: 'Migration20261121000200_operations', class: Migration20261121000200_operations },
  { name: 'Migration20261121000300_identity_provider', class: Migration20261121000300_identity_provider },
  { name: 'Migration20261121000310_federated_identities', class: Migration20261121000310_federated_identities },
  { name: 'Migration20261121000400_users', class: Migration20261121000400_users },
  { name: 'Migration20261121000410_user_class_enrolments', class: Migration20261121000410_user_class_enrolments },
  { name: 'Migration20261121000500_catalogue', class: Migration20261121000500_catalogue },
  { name: 'Migration20261121000600_commerce', class: Migration20261121000600_commerce },
  { name: 'Migration20261121000610_commerce_refunds', class: Migration20261121000610_commerce_refunds },
  { name: 'Migration20261121000620_commerce_checkout_claims', class: Migration20261121000620_commerce_checkout_claims },
  { name: 'Migration20261121000700_creator_apps', class: Migration20261121000700_creator_apps },
];

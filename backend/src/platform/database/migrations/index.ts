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
import { Migration20261123000100_event_store_without_append_lock } from './Migration20261123000100_event_store_without_append_lock';
import { Migration20261123003000_operations_console } from './Migration20261123003000_operations_console';
import { Migration20261123004000_identity_srp_devices_mfa } from './Migration20261123004000_identity_srp_devices_mfa';
import { Migration20261123005000_commerce_app_published } from './Migration20261123005000_commerce_app_published';
import { Migration20261124001000_app_visitors } from './Migration20261124001000_app_visitors';
import { Migration20261124005000_user_profile_is_creator } from './Migration20261124005000_user_profile_is_creator';
import { Migration20261125001000_simulator_items } from './Migration20261125001000_simulator_items';
import { Migration20261125002000_app_media } from './Migration20261125002000_app_media';
import { Migration20261125003000_paid_publish } from './Migration20261125003000_paid_publish';
import { Migration20261126001000_commerce_webhook_inbox } from './Migration20261126001000_commerce_webhook_inbox';
import { Migration20261129002600_onboarding_links } from './Migration20261129002600_onboarding_links';
import { Migration20261130000100_subscriptions_by_user } from './Migration20261130000100_subscriptions_by_user';
import { Migration20261130001000_app_addresses } from './Migration20261130001000_app_addresses';
import { Migration20261130100000_app_insights } from './Migration20261130100000_app_insights';
import { Migration20261130100100_app_insights_addresses } from './Migration20261130100100_app_insights_addresses';
import { Migration20261201000100_member_app } from './Migration20261201000100_member_app';
import { Migration20261202000100_email_outbox_headers } from './Migration20261202000100_email_outbox_headers';
import { Migration20261202000200_app_lesson_order } from './Migration20261202000200_app_lesson_order';
import { Migration20261203000100_open_job_runs } from './Migration20261203000100_open_job_runs';
import { Migration20261204000100_card_search_document } from './Migration20261204000100_card_search_document';
import { Migration20261205000100_retired_checkpoints } from './Migration20261205000100_retired_checkpoints';
import { Migration20261206000100_analytics_insert_id } from './Migration20261206000100_analytics_insert_id';

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
  {
    name: 'Migration20261123000100_event_store_without_append_lock',
    class: Migration20261123000100_event_store_without_append_lock,
  },
  { name: 'Migration20261123003000_operations_console', class: Migration20261123003000_operations_console },
  { name: 'Migration20261123004000_identity_srp_devices_mfa', class: Migration20261123004000_identity_srp_devices_mfa },
  { name: 'Migration20261123005000_commerce_app_published', class: Migration20261123005000_commerce_app_published },
  { name: 'Migration20261124001000_app_visitors', class: Migration20261124001000_app_visitors },
  { name: 'Migration20261124005000_user_profile_is_creator', class: Migration20261124005000_user_profile_is_creator },
  { name: 'Migration20261125001000_simulator_items', class: Migration20261125001000_simulator_items },
  { name: 'Migration20261125002000_app_media', class: Migration20261125002000_app_media },
  { name: 'Migration20261125003000_paid_publish', class: Migration20261125003000_paid_publish },
  { name: 'Migration20261126001000_commerce_webhook_inbox', class: Migration20261126001000_commerce_webhook_inbox },
  { name: 'Migration20261129002600_onboarding_links', class: Migration20261129002600_onboarding_links },
  { name: 'Migration20261130000100_subscriptions_by_user', class: Migration20261130000100_subscriptions_by_user },
  { name: 'Migration20261130001000_app_addresses', class: Migration20261130001000_app_addresses },
  { name: 'Migration20261130100000_app_insights', class: Migration20261130100000_app_insights },
  { name: 'Migration20261130100100_app_insights_addresses', class: Migration20261130100100_app_insights_addresses },
  { name: 'Migration20261201000100_member_app', class: Migration20261201000100_member_app },
  { name: 'Migration20261202000100_email_outbox_headers', class: Migration20261202000100_email_outbox_headers },
  { name: 'Migration20261202000200_app_lesson_order', class: Migration20261202000200_app_lesson_order },
  { name: 'Migration20261203000100_open_job_runs', class: Migration20261203000100_open_job_runs },
  { name: 'Migration20261204000100_card_search_document', class: Migration20261204000100_card_search_document },
  { name: 'Migration20261205000100_retired_checkpoints', class: Migration20261205000100_retired_checkpoints },
  { name: 'Migration20261206000100_analytics_insert_id', class: Migration20261206000100_analytics_insert_id },
];

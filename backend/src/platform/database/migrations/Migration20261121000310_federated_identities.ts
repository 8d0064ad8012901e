import { Migration } from '@mikro-orm/migrations';

/** Google/Apple identities linked to identity accounts. */
export class Migration20261121000310_federated_identities extends Migration {
  override async up(): Promise<void> {
    this.addSql(`
      create table identity_federated_identity (
        provider text not null check (provider in ('Google', 'SignInWithApple')),
        subject text not null,
        user_id uuid not null references identity_account (user_id) on delete cascade,
        created_at timestamptz not null default now(),
        primary key (provider, subject)
      );`);
    this.addSql(`create index identity_federated_identity_user_idx on identity_federated_identity (user_id);`);
  }

  override async down(): Promise<void> {
    this.addSql('drop table if exists identity_federated_identity;');
  }
}

import { Migration } from '@mikro-orm/migrations';

/**
 * Identity II: SRP verifiers on accounts (never a password), remembered devices with their own SRP
 * verifiers, SMS MFA and an MFA preference, and the pool secret that keeps answers for unknown
 * users consistent (fake salts) without revealing that they are unknown.
 */
export class Migration20261123004000_identity_srp_devices_mfa extends Migration {
  override async up(): Promise<void> {
    this.addSql(`
      alter table identity_account
        add column srp_salt text,
        add column srp_verifier text,
        add column sms_mfa_enabled boolean not null default false,
        add column preferred_mfa text check (preferred_mfa in ('SMS_MFA', 'SOFTWARE_TOKEN_MFA'));`);
    // a sign-in made from a remembered device stays bound to it (refreshed tokens keep device_key)
    this.addSql(`alter table identity_session add column device_key text;`);
    this.addSql(`
      create table identity_device (
        device_key text primary key,
        user_id uuid not null references identity_account (user_id) on delete cascade,
        device_group_key text not null,
        salt text,
        verifier text,
        name text,
        remembered boolean not null default false,
        confirmed_at timestamptz,
        last_ip text,
        created_at timestamptz not null default now(),
        last_modified_at timestamptz not null default now(),
        last_authenticated_at timestamptz
      );`);
    this.addSql(`create index identity_device_user_idx on identity_device (user_id, created_at);`);
    this.addSql(`alter table identity_code drop constraint if exists identity_code_purpose_check;`);
    this.addSql(`
      alter table identity_code add constraint identity_code_purpose_check
        check (purpose in ('sign-up', 'password-reset', 'email-verification', 'phone-verification', 'sms-mfa', 'custom-challenge'));`);
    this.addSql(
      `create table identity_pool_secret (name text primary key, value text not null, created_at timestamptz not null default now());`,
    );
  }

  override async down(): Promise<void> {
    this.addSql('drop table if exists identity_pool_secret, identity_device;');
    this.addSql('alter table identity_session drop column device_key;');
    this.addSql(`delete from identity_code where purpose in ('phone-verification', 'sms-mfa', 'custom-challenge');`);
    this.addSql(`alter table identity_code drop constraint if exists identity_code_purpose_check;`);
    this.addSql(`
      alter table identity_code add constraint identity_code_purpose_check
        check (purpose in ('sign-up', 'password-reset', 'email-verification'));`);
    this.addSql(`
      alter table identity_account drop column srp_salt, drop column srp_verifier,
        drop column sms_mfa_enabled, drop column preferred_mfa;`);
  }
}

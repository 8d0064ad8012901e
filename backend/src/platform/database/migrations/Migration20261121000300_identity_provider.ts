import { Migration } from '@mikro-orm/migrations';

/** The identity provider's write model: accounts, one-time codes, sign-in sessions and refresh tokens, the email outbox. */
export class Migration20261121000300_identity_provider extends Migration {
  override async up(): Promise<void> {
    this.addSql(`
      create table identity_account (
        user_id uuid primary key,
        email text not null unique check (email = lower(email)),
        email_verified boolean not null default false,
        password_hash text not null,
        status text not null check (status in ('UNCONFIRMED', 'CONFIRMED', 'FORCE_CHANGE_PASSWORD')),
        attributes jsonb not null default '{}',
        groups text[] not null default '{}',
        totp_secret text,
        totp_pending_secret text,
        totp_last_step bigint,
        mfa_enabled boolean not null default false,
        created_at timestamptz not null default now(),
        updated_at timestamptz not null default now()
      );`);
    this.addSql(`
      create table identity_code (
        user_id uuid not null references identity_account (user_id) on delete cascade,
        purpose text not null check (purpose in ('sign-up', 'password-reset', 'email-verification')),
        code_hash text not null,
        expires_at timestamptz not null,
        attempts integer not null default 0,
        consumed_at timestamptz,
        created_at timestamptz not null default now(),
        primary key (user_id, purpose)
      );`);
    // one row per sign-in: its refresh tokens form a family, revoked together
    this.addSql(`
      create table identity_session (
        session_id uuid primary key,
        user_id uuid not null references identity_account (user_id) on delete cascade,
        client_id text not null,
        created_at timestamptz not null default now(),
        revoked_at timestamptz
      );`);
    this.addSql(`create index identity_session_user_idx on identity_session (user_id);`);
    this.addSql(`
      create table identity_refresh_token (
        token_hash text primary key,
        session_id uuid not null references identity_session (session_id) on delete cascade,
        expires_at timestamptz not null,
        rotated_at timestamptz,
        created_at timestamptz not null default now()
      );`);
    this.addSql(`
      create table email_outbox (
        id bigserial primary key,
        to_address text not null,
        subject text not null,
        text text not null,
        code text,
        created_at timestamptz not null default now(),
        sent_at timestamptz
      );`);
    this.addSql(`create index email_outbox_to_idx on email_outbox (to_address, id desc);`);
  }

  override async down(): Promise<void> {
    this.addSql('drop table if exists email_outbox, identity_refresh_token, identity_session, identity_code, identity_account;');
  }
}

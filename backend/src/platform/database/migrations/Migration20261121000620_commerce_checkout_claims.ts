import { Migration } from '@mikro-orm/migrations';

/**
 * The buyer's open card checkout per item set: a second purchase request for the same items (a double
 * submit, or coming back from the payment page) gets the same Stripe session instead of a new one. The
 * primary key is the lock: one request claims the row and creates the session, the others wait for it.
 */
export class Migration20261121000620_commerce_checkout_claims extends Migration {
  override async up(): Promise<void> {
    this.addSql(`
      create table commerce_checkout_claim (
        user_id text not null,
        item_key text not null,
        claim_id text not null,
        session_id text,
        url text,
        expires_at timestamptz,
        claimed_at timestamptz not null default now(),
        primary key (user_id, item_key)
      );`);
    this.addSql(`create index commerce_checkout_claim_session on commerce_checkout_claim (session_id);`);
  }
}

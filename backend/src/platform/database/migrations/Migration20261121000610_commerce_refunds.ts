import { Migration } from '@mikro-orm/migrations';

/**
 * Full refunds seen by the Stripe webhook, by payment intent. A `charge.refunded` can be processed before
 * the checkout completion of its payment: kept here, the completion finds it and records the refund then
 * (both sides hold the payment intent's advisory lock, so neither can miss the other).
 */
export class Migration20261121000610_commerce_refunds extends Migration {
  override async up(): Promise<void> {
    this.addSql(`
      create table commerce_refund (
        payment_intent_id text primary key,
        charge_id text not null,
        received_at timestamptz not null default now()
      );`);
  }
}

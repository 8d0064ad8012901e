import { run } from '../../../platform/database/sql';
import { defineProjection } from '../../../platform/events/define-projection';
import { READ_MODELS } from '../domain/read-models';

/** commerce_credit_entry: the monthly credit ledger (grants positive, spends negative), one row per fact id. */
export const creditProjection = defineProjection({
  name: READ_MODELS.credit,
  version: 1,
  tables: ['commerce_credit_entry'],
  on: {
    CreditGranted: ({ payload: p, metadata }, tx) =>
      run(
        tx,
        `insert into commerce_credit_entry (entry_id, user_id, amount_in_cents, kind, at) values (?, ?, ?, 'grant', ?)
         on conflict do nothing`,
        [`grant:${p.grantId}`, p.userId, p.amountInCents, metadata.occurredAt],
      ),
    CreditSpent: ({ payload: p, metadata }, tx) =>
      run(
        tx,
        `insert into commerce_credit_entry (entry_id, user_id, amount_in_cents, kind, at) values (?, ?, ?, 'spend', ?)
         on conflict do nothing`,
        [`spend:${p.spendId}`, p.userId, -p.amountInCents, metadata.occurredAt],
      ),
  },
});

import type { EmulatorStore, IdempotentAnswer, ObjectKind, StripeObject } from './emulator-store';

/** Runs one SQL statement (`?` placeholders) and answers its rows. */
export type SqlRunner = <T = Record<string, unknown>>(sql: string, params?: unknown[]) => Promise<T[]>;

/**
 * The emulator's objects in PostgreSQL: one jsonb row per object, so its state survives restarts and
 * every API node (and the seeding tool) sees the same customers, prices, sessions and subscriptions.
 * Storing an event also queues its webhook delivery in the same statement (the outbox).
 */
export class PgEmulatorStore implements EmulatorStore {
  constructor(private readonly sql: SqlRunner) {}

  async put(kind: ObjectKind, obj: StripeObject): Promise<void> {
    const data = JSON.stringify(obj);
    if (kind === 'event') {
      await this.sql(
        `with saved as (
           insert into stripe_emulator_object (kind, id, data) values ('event', ?, ?::jsonb)
           on conflict (kind, id) do update set data = excluded.data returning id)
         insert into stripe_emulator_delivery (event_id, type) select id, ? from saved on conflict (event_id) do nothing`,
        [obj.id, data, obj.type],
      );
      return;
    }
    await this.sql(
      `insert into stripe_emulator_object (kind, id, data) values (?, ?, ?::jsonb)
       on conflict (kind, id) do update set data = excluded.data`,
      [kind, obj.id, data],
    );
  }

  async get(kind: ObjectKind, id: string): Promise<StripeObject | undefined> {
    const [row] = await this.sql<{ data: StripeObject }>(`select data from stripe_emulator_object where kind = ? and id = ?`, [
      kind,
      id,
    ]);
    return row?.data;
  }

  async list(kind: ObjectKind, where: Record<string, string | number | boolean | null> = {}): Promise<StripeObject[]> {
    const found = await this.sql<{ data: StripeObject }>(
      `select data from stripe_emulator_object where kind = ? and data @> ?::jsonb order by seq`,
      [kind, JSON.stringify(where)],
    );
    return found.map((r) => r.data);
  }

  async getIdempotent(key: string): Promise<IdempotentAnswer | undefined> {
    const [row] = await this.sql<{ answer: IdempotentAnswer }>(`select answer from stripe_emulator_idempotency where key = ?`, [
      key,
    ]);
    return row?.answer;
  }

  async putIdempotent(key: string, answer: IdempotentAnswer): Promise<void> {
    await this.sql(
      `insert into stripe_emulator_idempotency (key, answer) values (?, ?::jsonb)
       on conflict (key) do update set answer = excluded.answer where stripe_emulator_idempotency.answer is null`,
      [key, JSON.stringify(answer)],
    );
  }

  async claimIdempotent(key: string): Promise<boolean> {
    // a claim left by a process that died mid-request is taken over after 30 s
    const claimed = await this.sql(
      `insert into stripe_emulator_idempotency (key, answer) values (?, null)
       on conflict (key) do update set created_at = now()
         where stripe_emulator_idempotency.answer is null and stripe_emulator_idempotency.created_at < now() - interval '30 seconds'
       returning key`,
      [key],
    );
    return claimed.length === 1;
  }

  async releaseIdempotent(key: string): Promise<void> {
    await this.sql(`delete from stripe_emulator_idempotency where key = ? and answer is null`, [key]);
  }

  async transition(kind: ObjectKind, id: string, field: string, from: string, to: string): Promise<boolean> {
    const changed = await this.sql(
      `update stripe_emulator_object set data = jsonb_set(data, array[?]::text[], to_jsonb(?::text))
        where kind = ? and id = ? and data->>? = ? returning id`,
      [field, to, kind, id, field, from],
    );
    return changed.length === 1;
  }
}

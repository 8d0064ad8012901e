import { MikroORM } from '@mikro-orm/postgresql';
import { Client } from 'pg';
import { createTestDatabase } from '../../test-support';
import { migrateUp } from './migrate';
import { ormOptions } from './orm-config';

const MIGRATION = 'Migration20261205000100_retired_checkpoints';

describe(`${MIGRATION} (real PostgreSQL)`, () => {
  let created: { url: string; drop: () => Promise<void> };

  beforeAll(async () => {
    created = await createTestDatabase();
  });
  afterAll(async () => {
    await created?.drop();
  });

  it("removes the checkpoint of commerce's retired projection and keeps every other one", async () => {
    // a database from before it: the migration not applied yet, the old projection's checkpoint still there
    const orm = await MikroORM.init(ormOptions(created.url, { entities: [] }));
    try {
      const reverted = await orm.getMigrator().down({ to: MIGRATION });
      expect(reverted.map((m) => m.name).at(-1)).toBe(MIGRATION);
    } finally {
      await orm.close(true);
    }
    const client = new Client({ connectionString: created.url });
    await client.connect();
    try {
      await client.query(
        `insert into event_checkpoint (subscriber, kind, version, transaction_id, position)
           values ('commerce.read-models', 'projection', 3, '7', 42), ('commerce.carts', 'projection', 1, '7', 42)
           on conflict (subscriber) do update set position = excluded.position`,
      );

      expect((await migrateUp(created.url))[0]).toBe(MIGRATION);

      const { rows } = await client.query<{ subscriber: string; position: string }>(
        `select subscriber, position::text from event_checkpoint where subscriber like 'commerce.%' order by subscriber`,
      );
      expect(rows).toEqual([{ subscriber: 'commerce.carts', position: '42' }]);
    } finally {
      await client.end();
    }
  });
});

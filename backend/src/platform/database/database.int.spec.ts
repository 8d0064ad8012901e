import { escapeLiteral } from 'pg';
import { Database, numbered, quoteLiteral } from './database';
import { isConnectionLost } from './connection-errors';
import { createTestDatabase } from '../../test-support';

describe('numbered placeholders', () => {
  it('turns ? into $1, $2, … and \\? into a literal question mark', () => {
    expect(numbered('select ? as a, ?::int as b')).toBe('select $1 as a, $2::int as b');
    expect(numbered('select 1')).toBe('select 1');
    expect(numbered("select '\\?' as q, ? as p")).toBe("select '?' as q, $1 as p");
  });

  it('refuses the identifier placeholder ?? rather than guess', () => {
    expect(() => numbered('select ?? from t')).toThrow('not supported');
  });
});

describe('string literals', () => {
  it("writes what the driver's escapeLiteral writes: quotes doubled, backslashes doubled in an E'' literal", () => {
    const alphabet = ["'", '\\', '"', ';', '-', 'a', 'é', '\n', '\u0000', '😀', '$', '?', ' '];
    const made = Array.from({ length: 500 }, (_, i) =>
      Array.from({ length: i % 40 }, (_, j) => alphabet[(i * 7 + j * 13 + ((i * j) % 5)) % alphabet.length]).join(''),
    );
    for (const text of ['', "O'Brien", 'a\\b', "\\'", JSON.stringify({ q: "it's", path: 'C:\\x' }), ...made]) {
      expect(quoteLiteral(text)).toBe(escapeLiteral(text));
    }
    expect(quoteLiteral("it's \\ here")).toBe(" E'it''s \\\\ here'");
  });
});

describe('Database sessions and transactions (real PostgreSQL)', () => {
  let dropDb: () => Promise<void>;
  let db: Database;

  beforeAll(async () => {
    const created = await createTestDatabase();
    dropDb = created.drop;
    db = Database.connect(created.url, { max: 4 });
    await db.em.fork().execute('create table t (id int primary key, v text)');
  });
  afterAll(async () => {
    await db?.close();
    await dropDb?.();
  });

  const ids = async () => (await db.em.fork().execute<{ id: number }[]>('select id from t order by id')).map((r) => r.id);

  it('answers rows (all), the first row (get), or what a statement changed (run)', async () => {
    const em = db.em.fork();
    const ran = await em.execute<{ affectedRows: number; rows: { id: number }[] }>(
      'insert into t (id, v) values (?, ?), (?, ?) returning id',
      [1, 'one', 2, null],
      'run',
    );
    expect(ran.affectedRows).toBe(2);
    expect(ran.rows.map((r) => r.id)).toEqual([1, 2]);
    expect(await em.execute('select v from t where id = ?', [1], 'get')).toEqual({ v: 'one' });
    expect(await em.execute('select v from t order by id')).toEqual([{ v: 'one' }, { v: null }]);
    // timestamps come back as the server's text, as the read models expect
    const [{ at }] = await em.execute<{ at: unknown }[]>(`select '2026-11-27 10:00:00+00'::timestamptz as at`);
    expect(typeof at).toBe('string');
  });

  it('commits what a transaction did, and tells the commit listeners which transaction it was', async () => {
    const seen: unknown[] = [];
    const stop = db.onCommit((tx) => seen.push(tx));
    let inside: unknown;
    await db.em.fork().transactional(async (tx) => {
      inside = tx.getTransactionContext();
      expect(tx.isInTransaction()).toBe(true);
      await tx.getConnection().execute('insert into t (id, v) values (?, ?)', [3, 'three'], 'run', tx.getTransactionContext());
    });
    stop();
    expect(await ids()).toEqual([1, 2, 3]);
    expect(seen).toEqual([inside]);
  });

  it('rolls back a transaction that throws, and rethrows', async () => {
    await expect(
      db.em.fork().transactional(async (tx) => {
        await tx.execute('insert into t (id, v) values (?, ?)', [4, 'four']);
        throw new Error('changed my mind');
      }),
    ).rejects.toThrow('changed my mind');
    expect(await ids()).toEqual([1, 2, 3]);
  });

  it('nests as a savepoint: only the inner work is undone', async () => {
    await db.em.fork().transactional(async (tx) => {
      await tx.execute('insert into t (id) values (?)', [5]);
      await expect(
        tx.transactional(async (inner) => {
          expect(inner.getTransactionContext()?.root).toBe(tx.getTransactionContext());
          await inner.execute('insert into t (id) values (?)', [6]);
          throw new Error('inner failed');
        }),
      ).rejects.toThrow('inner failed');
      await tx.transactional((inner) => inner.execute('insert into t (id) values (?)', [7]));
    });
    expect(await ids()).toEqual([1, 2, 3, 5, 7]);
  });

  it('reads a snapshot: a commit made between two of its reads is seen whole or not at all, and it writes nothing', async () => {
    const seen = await db.em.fork().snapshot(async (tx) => {
      const before = (await tx.execute<{ id: number }[]>('select id from t order by id')).map((r) => r.id);
      // another session commits meanwhile
      await db.em.fork().execute('insert into t (id, v) values (?, ?)', [8, 'eight']);
      const after = (await tx.execute<{ id: number }[]>('select id from t order by id')).map((r) => r.id);
      await expect(tx.execute('insert into t (id) values (?)', [9])).rejects.toThrow(/read-only/);
      return { before, after };
    });
    expect(seen.after).toEqual(seen.before);
    expect(seen.before).not.toContain(8);
    expect(await ids()).toContain(8);
    expect(await ids()).not.toContain(9);
    await db.em.fork().execute('delete from t where id = ?', [8]);
  });

  it('runs a batch of statements in one round trip, every value written as an escaped literal', async () => {
    const awkward = 'O\'Brien \\ said "hi"; drop table t; --';
    await db.em.fork().executeBatch([
      { sql: 'insert into t (id, v) values (?, ?)', params: [20, awkward] },
      { sql: 'insert into t (id, v) values (?, ?)', params: [21, null] },
      { sql: 'insert into t (id, v) values (?::int + ?::int, ?::jsonb::text)', params: [20, 2, { a: [1, 'b'], ok: true }] },
      { sql: 'update t set v = v || ? where id = ? and ?', params: ['!', 20, true] },
    ]);
    const rows = await db.em.fork().execute<{ id: number; v: string | null }[]>('select id, v from t where id >= 20 order by id');
    expect(rows).toEqual([
      { id: 20, v: `${awkward}!` },
      { id: 21, v: null },
      { id: 22, v: '{"a": [1, "b"], "ok": true}' },
    ]);
    // in a transaction, a failing statement undoes the batch
    await expect(
      db.em.fork().transactional((tx) =>
        tx.executeBatch([
          { sql: 'insert into t (id) values (?)', params: [30] },
          { sql: 'insert into t (id) values (?)', params: [20] },
        ]),
      ),
    ).rejects.toThrow(/duplicate key/);
    expect(await ids()).not.toContain(30);
    await expect(db.em.fork().executeBatch([{ sql: 'select ?', params: [Number.NaN] }])).rejects.toThrow('not a finite number');
    await expect(db.em.fork().executeBatch([{ sql: 'select ?, ?', params: [1] }])).rejects.toThrow('fewer values');
  });

  it('refuses a statement on a transaction that has ended, instead of running it on someone else’s connection', async () => {
    let leaked: ReturnType<typeof db.em.fork> | null = null;
    await db.em.fork().transactional(async (tx) => {
      leaked = tx;
    });
    await expect(leaked!.execute('select 1')).rejects.toThrow('already ended');
  });

  it('gives a session of its own outside the transaction it was forked from', async () => {
    await db.em.fork().transactional(async (tx) => {
      await tx.execute('insert into t (id) values (?)', [8]);
      const outside = tx.fork();
      expect(outside.isInTransaction()).toBe(false);
      // not committed yet: the other session does not see it
      expect((await outside.execute<{ n: string }[]>('select count(*)::text as n from t where id = 8'))[0].n).toBe('0');
    });
    expect(await ids()).toContain(8);
  });

  it('keeps a failed commit’s connection out of the pool, and the pool usable', async () => {
    await db.em.fork().execute('create table d (id int primary key, ref int references t (id) deferrable initially deferred)');
    await expect(
      db.em.fork().transactional(async (tx) => {
        // checked only at commit: the commit fails
        await tx.execute('insert into d (id, ref) values (1, 999)');
      }),
    ).rejects.toThrow(/foreign key/);
    expect(await db.em.fork().execute('select count(*)::int as n from d', [], 'get')).toEqual({ n: 0 });
    expect((await ids()).length).toBeGreaterThan(0);
  });
});

describe('a lost connection (a terminated backend, a restart, a failover)', () => {
  let created: Awaited<ReturnType<typeof createTestDatabase>>;
  let db: Database;
  let admin: Database;

  beforeAll(async () => {
    created = await createTestDatabase();
    db = Database.connect(created.url, { max: 4, applicationName: 'sparkhouse-lost' });
    admin = Database.connect(created.url, { max: 1, applicationName: 'sparkhouse-admin' });
    await db.em.fork().execute('create table lost (id int primary key)');
  });
  afterAll(async () => {
    await db?.close();
    await admin?.close();
    await created?.drop();
  });

  /** Terminates every backend of the database under test (the admin session's own aside). */
  const terminateAll = async () =>
    (
      await admin.em
        .fork()
        .execute<{ n: number }>(
          "select count(pg_terminate_backend(pid))::int as n from pg_stat_activity where application_name = 'sparkhouse-lost'",
          [],
          'get',
        )
    ).n;

  it('fails a transaction whose connection died between two statements, without crashing, and the pool goes on', async () => {
    let failure: unknown;
    await db.em
      .fork()
      .transactional(async (tx) => {
        await tx.execute('insert into lost (id) values (1)');
        // the connection is held here, between statements, when its backend is terminated
        expect(await terminateAll()).toBeGreaterThan(0);
        await new Promise((resolve) => setImmediate(resolve));
        await tx.execute('insert into lost (id) values (2)');
      })
      .catch((err) => (failure = err));
    expect(isConnectionLost(failure)).toBe(true);
    // nothing of the failed transaction committed; a fresh connection answers
    expect(await db.em.fork().execute('select count(*)::int as n from lost', [], 'get')).toEqual({ n: 0 });
  });

  it('replaces idle pooled connections the server dropped: reads and new transactions answer at once', async () => {
    // fill the pool with idle connections, then terminate all of them
    await Promise.all([1, 2, 3, 4].map(() => db.em.fork().transactional((tx) => tx.execute('select pg_sleep(0.05)'))));
    expect(await terminateAll()).toBeGreaterThanOrEqual(4);
    expect(await db.em.fork().execute('select 1 as one', [], 'get')).toEqual({ one: 1 });
    await db.em.fork().transactional((tx) => tx.execute('insert into lost (id) values (3)'));
    expect(await db.em.fork().execute('select count(*)::int as n from lost', [], 'get')).toEqual({ n: 1 });
  });

  it('survives a connection that dies between the pool handing it over and its holder watching it', async () => {
    const lost = Object.assign(new Error('terminating connection due to administrator command'), { code: '57P01' });
    // what pg does when the server's termination arrives: the client stops being queryable and emits
    // 'error' — here right after the pool removed its idle listener, before `checkout` resumes
    db.pool.once('acquire', (client) => {
      queueMicrotask(() => {
        const internal = client as unknown as { _handleErrorEvent?: (err: Error) => void };
        if (internal._handleErrorEvent) internal._handleErrorEvent(lost);
        else client.emit('error', lost);
      });
    });
    // the transaction begun on it goes to a fresh connection (a lost connection at begin is retried)
    await db.em.fork().transactional((tx) => tx.execute('insert into lost (id) values (4)'));
    expect(await db.em.fork().execute('select count(*)::int as n from lost where id = 4', [], 'get')).toEqual({ n: 1 });
  });

  it('tells a lost connection from a statement that is wrong', async () => {
    const wrong = await db.em
      .fork()
      .execute('select * from no_such_table')
      .catch((err) => err);
    expect(isConnectionLost(wrong)).toBe(false);
    expect(
      isConnectionLost(Object.assign(new Error('terminating connection due to administrator command'), { code: '57P01' })),
    ).toBe(true);
    expect(isConnectionLost(new Error('Connection terminated unexpectedly'))).toBe(true);
    expect(isConnectionLost(Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:5432'), { code: 'ECONNREFUSED' }))).toBe(
      true,
    );
  });
});

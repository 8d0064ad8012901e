import { testConfig } from '../../test-support';
import { RedisConnections } from '../jobs/redis-connections';
import { CallerWrites } from './caller-writes';

describe("a caller's newest write, remembered in Redis", () => {
  const config = testConfig('postgres://unused/none', { READ_YOUR_WRITES_REMEMBER_MS: '5000' });
  const redis = new RedisConnections(config);
  const writes = new CallerWrites(redis, config);
  afterAll(() => redis.onApplicationShutdown());

  it('keeps the later of two writes, whatever order they are recorded in, for the configured time', async () => {
    expect(await writes.lastWrite('u:nobody')).toBeNull();
    // a transaction id with more digits is later, whatever its text says
    await writes.remember('u:ann', { transactionId: '100', position: '7' });
    await writes.remember('u:ann', { transactionId: '99', position: '900' });
    expect(await writes.lastWrite('u:ann')).toEqual({ transactionId: '100', position: '7' });
    await writes.remember('u:ann', { transactionId: '100', position: '12' });
    expect(await writes.lastWrite('u:ann')).toEqual({ transactionId: '100', position: '12' });
    await writes.remember('u:ann', { transactionId: '100', position: '9' });
    expect(await writes.lastWrite('u:ann')).toEqual({ transactionId: '100', position: '12' });
    // callers are kept apart
    expect(await writes.lastWrite('a:anon_ann')).toBeNull();
    const ttl = await redis.shared().pttl(`${config.REDIS_PREFIX}:read-your-writes:u:ann`);
    expect(ttl).toBeGreaterThan(0);
    expect(ttl).toBeLessThanOrEqual(5000);
  });

  it("remembers a process's first writes made while other commands wait in the same turn, whether or not Redis knows the script yet", async () => {
    const fresh = new RedisConnections(config);
    try {
      const first = new CallerWrites(fresh, config);
      // the connection pipelines this turn's commands: the first writes join reads already waiting
      const owners = Array.from({ length: 20 }, (_, i) => `u:first-${i}-${Date.now()}`);
      await Promise.all([
        ...owners.map((owner) => first.lastWrite(owner)),
        ...owners.map((owner, i) => first.remember(owner, { transactionId: '500', position: String(i) })),
      ]);
      for (const [i, owner] of owners.entries())
        expect(await first.lastWrite(owner)).toEqual({ transactionId: '500', position: String(i) });
      // the later of two still wins once the script is known
      await first.remember(owners[0], { transactionId: '499', position: '99' });
      expect(await first.lastWrite(owners[0])).toEqual({ transactionId: '500', position: '0' });
    } finally {
      await fresh.onApplicationShutdown();
    }
  });

  it('remembers the writes of one turn together: each caller its own, the later of two for the same caller', async () => {
    const stamp = Date.now();
    const [ann, bob] = [`u:ann-${stamp}`, `a:anon_bob-${stamp}`];
    // answered in the same turn (a group of requests committed together), in no particular order
    await Promise.all([
      writes.remember(ann, { transactionId: '700', position: '30' }),
      writes.remember(bob, { transactionId: '700', position: '31' }),
      writes.remember(ann, { transactionId: '699', position: '90' }),
      writes.remember(ann, { transactionId: '700', position: '32' }),
    ]);
    expect(await writes.lastWrite(ann)).toEqual({ transactionId: '700', position: '32' });
    expect(await writes.lastWrite(bob)).toEqual({ transactionId: '700', position: '31' });
    // an older write remembered later in its own turn does not go back
    await writes.remember(bob, { transactionId: '700', position: '5' });
    expect(await writes.lastWrite(bob)).toEqual({ transactionId: '700', position: '31' });
  });

  it('tells users and anonymous visitors apart, and has nobody to remember for other callers', () => {
    expect(CallerWrites.owner({ kind: 'user', id: 'ann', roles: [] })).toBe('u:ann');
    expect(CallerWrites.owner({ kind: 'anonymous', id: 'anon_ann' })).toBe('a:anon_ann');
    expect(CallerWrites.owner({ kind: 'system', id: 'seeder' })).toBeNull();
    expect(CallerWrites.owner(null)).toBeNull();
  });
});

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

  it('tells users and anonymous visitors apart, and has nobody to remember for other callers', () => {
    expect(CallerWrites.owner({ kind: 'user', id: 'ann', roles: [] })).toBe('u:ann');
    expect(CallerWrites.owner({ kind: 'anonymous', id: 'anon_ann' })).toBe('a:anon_ann');
    expect(CallerWrites.owner({ kind: 'system', id: 'seeder' })).toBeNull();
    expect(CallerWrites.owner(null)).toBeNull();
  });
});

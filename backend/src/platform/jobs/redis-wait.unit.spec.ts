import { withinMs } from './redis-wait';

describe('withinMs', () => {
  it("answers the work's answer when it comes in time, and misses nothing", async () => {
    const missed: unknown[] = [];
    await expect(withinMs(Promise.resolve('active'), 1000, 'unknown', (e) => missed.push(e))).resolves.toBe('active');
    expect(missed).toEqual([]);
  });

  it('falls back when the answer is late, and says so', async () => {
    const missed: unknown[] = [];
    await expect(withinMs(new Promise(() => undefined), 10, 'unknown', (e) => missed.push(e))).resolves.toBe('unknown');
    expect(String(missed[0])).toContain('Redis did not answer within 10 ms');
  });

  it('falls back when the work fails, with its error', async () => {
    const missed: unknown[] = [];
    const failure = new Error('Connection is closed.');
    await expect(withinMs(Promise.reject(failure), 1000, 'unknown', (e) => missed.push(e))).resolves.toBe('unknown');
    expect(missed).toEqual([failure]);
  });
});

import { readUntil } from './read-your-writes';

describe('readUntil', () => {
  it('stops at the first fresh enough value', async () => {
    let n = 0;
    const value = await readUntil(
      async () => ++n,
      (v) => v >= 3,
      5_000,
    );
    expect(value).toBe(3);
    expect(n).toBe(3);
  });

  it('answers the last value read once the deadline has passed', async () => {
    let n = 0;
    const started = Date.now();
    const value = await readUntil(
      async () => ++n,
      () => false,
      50,
    );
    expect(Date.now() - started).toBeGreaterThanOrEqual(50);
    expect(value).toBe(n);
    expect(n).toBeGreaterThan(1);
  });
});

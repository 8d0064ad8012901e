import type { Database } from './database';
import { warnWithoutAutovacuum } from './database.module';

/** A Database whose only statement answers the server's autovacuum setting (or fails). */
const serverWith = (autovacuum: string | Error) =>
  ({
    em: {
      execute: async (sql: string) => {
        expect(sql).toContain(`current_setting('autovacuum')`);
        if (autovacuum instanceof Error) throw autovacuum;
        return [{ autovacuum }];
      },
    },
  }) as unknown as Database;

describe('the warning when PostgreSQL does not vacuum on its own', () => {
  it('warns once, saying what to do, when autovacuum is off', async () => {
    const warn = jest.fn();
    expect(await warnWithoutAutovacuum(serverWith('off'), { warn })).toBe(true);
    expect(warn).toHaveBeenCalledTimes(1);
    expect(warn.mock.calls[0][0]).toMatch(/autovacuum is off.*autovacuum = on/);
  });

  it('says nothing when autovacuum is on, or when the server cannot be asked', async () => {
    const warn = jest.fn();
    expect(await warnWithoutAutovacuum(serverWith('on'), { warn })).toBe(false);
    expect(await warnWithoutAutovacuum(serverWith(new Error('connection refused')), { warn })).toBe(false);
    expect(warn).not.toHaveBeenCalled();
  });
});

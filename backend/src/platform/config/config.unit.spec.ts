import fs from 'node:fs';
import path from 'node:path';
import { configSchema, loadConfig, repoRoot } from './config';

describe('configuration', () => {
  it('has a working default for every setting', () => {
    const c = loadConfig({});
    expect(c.PORT).toBe(3000);
    expect(c.DATABASE_URL).toBe('postgres://postgres@127.0.0.1:5432/sparkhouse');
    expect(c.OPERATIONS_OPEN_PIPELINE_CHECKS).toBe(true);
    expect(loadConfig({ NODE_ENV: 'production' }).OPERATIONS_OPEN_PIPELINE_CHECKS).toBe(false);
  });

  it('names every bad setting in one message', () => {
    expect(() => loadConfig({ PORT: 'eighty', REDIS_PREFIX: 'has spaces' })).toThrow(/PORT: .*\n.*REDIS_PREFIX/);
  });

  it('is documented: the README configuration table lists every setting', () => {
    const readme = fs.readFileSync(path.join(repoRoot, 'README.md'), 'utf8');
    const missing = Object.keys(configSchema.shape).filter((k) => !readme.includes(`\`${k}\``));
    expect(missing).toEqual([]);
  });
});

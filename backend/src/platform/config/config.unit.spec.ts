import fs from 'node:fs';
import path from 'node:path';
import { configSchema, loadConfig, repoRoot } from './config';

describe('configuration', () => {
  it('has a working default for every setting', () => {
    const c = loadConfig({});
    expect(c.PORT).toBe(3000);
    expect(c.DATABASE_URL).toBe('postgres://postgres@127.0.0.1:5432/sparkhouse');
    // pipeline checks are for admins and operators in every environment (issue 12); harnesses opt in
    expect(c.OPERATIONS_OPEN_PIPELINE_CHECKS).toBe(false);
    expect(loadConfig({ NODE_ENV: 'production' }).OPERATIONS_OPEN_PIPELINE_CHECKS).toBe(false);
    expect(loadConfig({ OPERATIONS_OPEN_PIPELINE_CHECKS: 'true' }).OPERATIONS_OPEN_PIPELINE_CHECKS).toBe(true);
  });

  it('names every bad setting in one message', () => {
    expect(() => loadConfig({ PORT: 'eighty', REDIS_PREFIX: 'has spaces' })).toThrow(/PORT: .*\n.*REDIS_PREFIX/);
  });

  it('takes a Redis Cluster hashtag as the key prefix', () => {
    expect(loadConfig({ REDIS_PREFIX: '{sparkhouse}' }).REDIS_PREFIX).toBe('{sparkhouse}');
    expect(() => loadConfig({ REDIS_PREFIX: '{sparkhouse' })).toThrow(/REDIS_PREFIX/);
    expect(() => loadConfig({ REDIS_PREFIX: '{a}{b}' })).toThrow(/REDIS_PREFIX/);
  });

  it('keeps media on local disk unless a bucket is set, and signed URLs within 7 days', () => {
    expect(loadConfig({})).toMatchObject({ S3_BUCKET: '', S3_REGION: 'us-east-2', MEDIA_URL_TTL_SECONDS: 86_400 });
    expect(loadConfig({ MEDIA_URL_TTL_SECONDS: String(7 * 24 * 3600) }).MEDIA_URL_TTL_SECONDS).toBe(604_800);
    expect(() => loadConfig({ MEDIA_URL_TTL_SECONDS: String(7 * 24 * 3600 + 1) })).toThrow(/MEDIA_URL_TTL_SECONDS/);
    expect(() => loadConfig({ S3_ACCESS_KEY_ID: 'AKIA123' })).toThrow(/set both, or neither/);
    expect(() => loadConfig({ MEDIA_URL_SECRET: 'short' })).toThrow(/MEDIA_URL_SECRET: must be at least 32 characters/);
    expect(() => loadConfig({ S3_KEY_PREFIX: '../up' })).toThrow(/S3_KEY_PREFIX/);
  });

  it('is documented: the README configuration table lists every setting', () => {
    const readme = fs.readFileSync(path.join(repoRoot, 'README.md'), 'utf8');
    const missing = Object.keys(configSchema.shape).filter((k) => !readme.includes(`\`${k}\``));
    expect(missing).toEqual([]);
  });
});

import { abortableDelay, assertJobCoverage } from './job-handler';

describe('job handler coverage check (start-up)', () => {
  it('passes when every declared job has exactly one handler', () => {
    expect(() => assertJobCoverage(['a', 'b'], ['b', 'a'])).not.toThrow();
  });
  it('fails when a job has no handler', () => {
    expect(() => assertJobCoverage(['a', 'b'], ['a'])).toThrow('job "b" has no handler');
  });
  it('fails when a job has two handlers', () => {
    expect(() => assertJobCoverage(['a'], ['a', 'a'])).toThrow('job "a" has 2 handlers');
  });
  it('fails when a handler serves an undeclared job', () => {
    expect(() => assertJobCoverage(['a'], ['a', 'zz'])).toThrow('handler for unknown job "zz"');
  });
});

describe('abortableDelay', () => {
  it('rejects with the abort reason as soon as the signal aborts', async () => {
    const c = new AbortController();
    const started = Date.now();
    const p = abortableDelay(10_000, c.signal);
    c.abort(new Error('canceled'));
    await expect(p).rejects.toThrow('canceled');
    expect(Date.now() - started).toBeLessThan(1000);
  });
});

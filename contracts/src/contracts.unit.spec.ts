import { apiCalls, eventCatalog, jobEvents, JOB_NAMES, JOBS, QUEUES, rooms } from './index';

describe('contracts', () => {
  it('gives every call a unique id and a unique method + path', () => {
    const ids = apiCalls.map((c) => c.id);
    expect(new Set(ids).size).toBe(ids.length);
    const routes = apiCalls.map((c) => `${c.method} ${c.path}`);
    expect(new Set(routes).size).toBe(routes.length);
    for (const c of apiCalls) expect(c.path.startsWith('/')).toBe(true);
  });

  it('declares every job on a known queue with steps and sane retry settings', () => {
    const queues = new Set<string>(Object.values(QUEUES));
    for (const name of JOB_NAMES) {
      const job = JOBS[name];
      expect(queues.has(job.queue)).toBe(true);
      expect(job.steps.length).toBeGreaterThan(0);
      expect(job.attempts).toBeGreaterThanOrEqual(1);
      expect(job.backoffMs).toBeGreaterThan(0);
    }
  });

  it('catalogues every event type once, at a positive version', () => {
    for (const d of jobEvents) expect(eventCatalog.get(d.type)).toBe(d);
    for (const d of eventCatalog.values()) expect(d.version).toBeGreaterThanOrEqual(1);
  });

  it('applies pipeline-check defaults and bounds', () => {
    const schema = JOBS['operations.pipeline-check'].payload;
    expect(schema.parse({})).toEqual({ steps: 3, stepDelayMs: 0 });
    expect(schema.safeParse({ steps: 11 }).success).toBe(false);
  });

  it('names rooms so owners, runs and subjects cannot collide', () => {
    expect(new Set([rooms.owner('x'), rooms.job('x'), rooms.subject('x')]).size).toBe(3);
  });
});

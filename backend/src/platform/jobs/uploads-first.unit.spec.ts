import { MAX_YIELD_MS, MIN_WORK_MS, receivingKey, UploadsFirstGate, type PausableWorker } from './uploads-first';

/** The gate's decisions, with a worker and a Redis that only record, and a clock the test moves. */
describe('UploadsFirstGate', () => {
  let now: number;
  let marks: Map<string, number>;
  let calls: string[];
  let redisDown: boolean;
  const worker: PausableWorker = {
    pause: async (doNotWaitActive) => {
      calls.push(`pause(${doNotWaitActive})`);
    },
    resume: async () => {
      calls.push('resume');
    },
  };
  const redis = {
    zcount: async (key: string, min: number, max: string) => {
      if (redisDown) throw new Error('connection refused');
      expect(key).toBe(receivingKey('p'));
      expect(max).toBe('+inf');
      return [...marks.values()].filter((until) => until >= min).length;
    },
  };
  const gate = () => new UploadsFirstGate(worker, redis as never, 'p', () => now);

  beforeEach(() => {
    now = 1_000_000;
    marks = new Map();
    calls = [];
    redisDown = false;
  });

  it('pauses without waiting for the jobs it holds while a node is receiving, and resumes once the uploads are in', async () => {
    const g = gate();
    await g.tick();
    expect(calls).toEqual([]);

    marks.set('api-1', now + 1_000);
    await g.tick();
    expect(calls).toEqual(['pause(true)']);
    expect(g.yielding).toBe(true);

    now += 500;
    marks.set('api-1', now + 1_000);
    await g.tick();
    expect(calls).toEqual(['pause(true)']); // still receiving: no second pause

    marks.delete('api-1');
    await g.tick();
    expect(calls).toEqual(['pause(true)', 'resume']);
    expect(g.yielding).toBe(false);

    // a new burst right after: it holds off again at once
    marks.set('api-2', now + 1_000);
    await g.tick();
    expect(calls).toEqual(['pause(true)', 'resume', 'pause(true)']);
  });

  it('ignores the mark of a node that stopped renewing it', async () => {
    marks.set('crashed', now - 1);
    const g = gate();
    await g.tick();
    expect(calls).toEqual([]);
  });

  it('holds off at most MAX_YIELD_MS, then works at least MIN_WORK_MS under a steady stream of uploads', async () => {
    const g = gate();
    const receivingFor = (ms: number) => marks.set('api-1', now + ms);
    receivingFor(60_000);
    await g.tick();
    expect(calls).toEqual(['pause(true)']);

    now += MAX_YIELD_MS - 1;
    await g.tick();
    expect(calls).toEqual(['pause(true)']);

    now += 1;
    await g.tick();
    expect(calls).toEqual(['pause(true)', 'resume']);

    now += MIN_WORK_MS - 1;
    await g.tick();
    expect(calls).toEqual(['pause(true)', 'resume']); // still its turn to work

    now += 1;
    await g.tick();
    expect(calls).toEqual(['pause(true)', 'resume', 'pause(true)']);
  });

  it('counts Redis being unreachable as nobody receiving: a paused worker resumes', async () => {
    const g = gate();
    marks.set('api-1', now + 1_000);
    await g.tick();
    redisDown = true;
    await g.tick();
    expect(calls).toEqual(['pause(true)', 'resume']);
    await g.tick();
    expect(calls).toEqual(['pause(true)', 'resume']);
  });

  it('does nothing more once stopped', async () => {
    const g = gate();
    marks.set('api-1', now + 1_000);
    g.stop();
    await g.tick();
    expect(calls).toEqual([]);
  });
});

import { ProgressBuffer, type Unstored } from './progress-buffer';

describe('ProgressBuffer', () => {
  beforeEach(() => jest.useFakeTimers());
  afterEach(() => jest.useRealTimers());

  const report = (percent: number, step: string) => ({ percent, step, message: `${step} ${percent}` });

  it('keeps the first and the latest report of each step, in order', () => {
    const buffer = new ProgressBuffer(
      1000,
      async () => undefined,
      () => undefined,
    );
    buffer.add(report(0, 'a'));
    buffer.add(report(10, 'a'));
    buffer.add(report(20, 'a'));
    buffer.add(report(30, 'b'));
    buffer.add(report(40, 'b'));
    expect(buffer.take().reports.map((r) => `${r.step}${r.percent}`)).toEqual(['a0', 'a20', 'b30', 'b40']);
    expect(buffer.take()).toEqual({ started: null, reports: [] });
  });

  it('stores what is pending once the interval has passed, and nothing twice', async () => {
    const stored: string[][] = [];
    const buffer = new ProgressBuffer(
      1000,
      async (r) => stored.push(r.reports.map((x) => x.step)),
      () => undefined,
    );
    buffer.add(report(0, 'a'));
    buffer.add(report(50, 'b'));
    jest.advanceTimersByTime(999);
    expect(stored).toEqual([]);
    jest.advanceTimersByTime(1);
    expect(stored).toEqual([['a', 'b']]);
    buffer.add(report(60, 'c'));
    expect(buffer.take().reports.map((r) => r.step)).toEqual(['c']);
    jest.advanceTimersByTime(5000);
    expect(stored).toEqual([['a', 'b']]);
  });

  const start = { attempt: 1, workerId: 'w1', at: '2026-11-29T10:00:00.000Z' };
  /** A buffer of 1 s, and what it stored. */
  const recording = () => {
    const stored: Unstored[] = [];
    const buffer = new ProgressBuffer(
      1000,
      async (u) => stored.push(u),
      () => undefined,
    );
    return { stored, buffer };
  };

  it('stores a start with the reports of its interval, counted from the start', async () => {
    const { stored, buffer } = recording();
    buffer.start(start);
    jest.advanceTimersByTime(600);
    buffer.add(report(0, 'a'));
    jest.advanceTimersByTime(399);
    expect(stored).toEqual([]);
    jest.advanceTimersByTime(1);
    expect(stored).toEqual([{ started: start, reports: [report(0, 'a')] }]);
    // stored once: what comes next goes without it
    buffer.add(report(50, 'b'));
    expect(buffer.take()).toEqual({ started: null, reports: [report(50, 'b')] });
  });

  it('stores a start on its own when no report comes within the interval', async () => {
    const { stored, buffer } = recording();
    buffer.start(start);
    jest.advanceTimersByTime(1000);
    expect(stored).toEqual([{ started: start, reports: [] }]);
  });

  it("gives a start not stored yet to the run's end, which stores it (nothing is stored twice)", async () => {
    const { stored, buffer } = recording();
    buffer.start(start);
    buffer.add(report(100, 'a'));
    expect(buffer.take()).toEqual({ started: start, reports: [report(100, 'a')] });
    jest.advanceTimersByTime(5000);
    expect(stored).toEqual([]);
  });
});

import { ProgressBuffer } from './progress-buffer';

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
    expect(buffer.take().map((r) => `${r.step}${r.percent}`)).toEqual(['a0', 'a20', 'b30', 'b40']);
    expect(buffer.take()).toEqual([]);
  });

  it('stores what is pending once the interval has passed, and nothing twice', async () => {
    const stored: string[][] = [];
    const buffer = new ProgressBuffer(
      1000,
      async (r) => stored.push(r.map((x) => x.step)),
      () => undefined,
    );
    buffer.add(report(0, 'a'));
    buffer.add(report(50, 'b'));
    jest.advanceTimersByTime(999);
    expect(stored).toEqual([]);
    jest.advanceTimersByTime(1);
    expect(stored).toEqual([['a', 'b']]);
    buffer.add(report(60, 'c'));
    expect(buffer.take().map((r) => r.step)).toEqual(['c']);
    jest.advanceTimersByTime(5000);
    expect(stored).toEqual([['a', 'b']]);
  });
});

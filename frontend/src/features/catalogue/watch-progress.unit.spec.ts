import { percentComplete, resumePosition, WatchProgressTracker } from './watch-progress';

/** Simulate timeupdate events every 0.25 s from `from` to `to`. */
function play(tracker: WatchProgressTracker, from: number, to: number) {
  for (let t = from; t <= to + 1e-9; t += 0.25) tracker.observe(Number(t.toFixed(2)));
}

describe('watch progress delta', () => {
  it('counts played seconds and hands out only the delta since the last save', () => {
    const tracker = new WatchProgressTracker();
    tracker.reset(0);
    play(tracker, 0, 5);
    expect(tracker.dueForSave).toBe(true);
    expect(tracker.takeUpdate(5, 100)).toEqual({ percent_complete: 5, additional_seconds_watched: 5, position_in_seconds: 5 });
    expect(tracker.dueForSave).toBe(false);

    play(tracker, 5, 7.5);
    expect(tracker.takeUpdate(7.5, 100)).toEqual({ percent_complete: 8, additional_seconds_watched: 2, position_in_seconds: 7 });
    // the half second left over travels with the next save
    play(tracker, 7.5, 10);
    expect(tracker.takeUpdate(10, 100).additional_seconds_watched).toBe(3);
    expect(tracker.takeUpdate(10, 100).additional_seconds_watched).toBe(0);
  });

  it('does not count a seek as watching', () => {
    const tracker = new WatchProgressTracker();
    tracker.reset(0);
    play(tracker, 0, 2);
    tracker.observe(60); // seek forward
    play(tracker, 60, 61);
    tracker.observe(10); // seek back
    expect(tracker.takeUpdate(10, 100)).toEqual({ percent_complete: 10, additional_seconds_watched: 3, position_in_seconds: 10 });
  });

  it('does not count the resume jump', () => {
    const tracker = new WatchProgressTracker();
    tracker.reset(42);
    tracker.observe(42.25);
    tracker.observe(43);
    expect(tracker.unsavedSeconds).toBeCloseTo(1);
  });

  it('gives seconds back when a save fails', () => {
    const tracker = new WatchProgressTracker();
    tracker.reset(0);
    play(tracker, 0, 6);
    const update = tracker.takeUpdate(6, 60);
    tracker.restore(update);
    expect(tracker.takeUpdate(6, 60).additional_seconds_watched).toBe(6);
  });

  it('computes the percentage and the resume point', () => {
    expect(percentComplete(30, 120)).toBe(25);
    expect(percentComplete(200, 120)).toBe(100);
    expect(percentComplete(10, Number.NaN)).toBe(0);
    expect(resumePosition(42, 120)).toBe(42);
    expect(resumePosition(119, 120)).toBe(0);
    expect(resumePosition(null, 120)).toBe(0);
    expect(resumePosition(42, Number.NaN)).toBe(42);
  });
});

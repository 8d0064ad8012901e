import { frameTimes } from './media-samples';

describe('frameTimes', () => {
  it('spreads the frames evenly inside the video, never at its first or last instant', () => {
    expect(frameTimes(10, 4)).toEqual([2, 4, 6, 8]);
    expect(frameTimes(3, 1)).toEqual([1.5]);
    for (const t of frameTimes(0.5, 4)) expect(t > 0 && t < 0.5).toBe(true);
  });

  it('takes no frames of a video without a duration, or when none are asked for', () => {
    expect(frameTimes(0, 4)).toEqual([]);
    expect(frameTimes(Number.NaN, 4)).toEqual([]);
    expect(frameTimes(12, 0)).toEqual([]);
  });
});

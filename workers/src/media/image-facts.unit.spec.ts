import { colourName, imageFacts } from './image-facts';

describe('image facts', () => {
  it.each([
    [[0, 0, 0], 'black'],
    [[255, 255, 255], 'white'],
    [[128, 128, 128], 'grey'],
    [[40, 40, 45], 'dark grey'],
    [[20, 60, 200], 'blue'],
    [[10, 20, 90], 'deep blue'],
    [[240, 200, 40], 'yellow'],
    [[250, 240, 170], 'pale yellow'],
    [[200, 20, 20], 'red'],
    [[120, 70, 20], 'brown'],
    [[30, 160, 60], 'green'],
    [[140, 60, 200], 'purple'],
  ])('names %j %s', (rgb, name) => {
    const [r, g, b] = rgb as [number, number, number];
    expect(colourName(r, g, b)).toBe(name);
  });

  it('says format, size, shape, main colour and what stands out', () => {
    const base = {
      format: 'png',
      width: 640,
      height: 480,
      hasAlpha: false,
      frames: 1,
      dominant: { r: 20, g: 60, b: 200 },
      brightness: 120,
    };
    expect(imageFacts(base)).toEqual(['PNG', '640×480', 'landscape', 'mostly blue']);
    expect(imageFacts({ ...base, width: 300, height: 900, hasAlpha: true, frames: 12, brightness: 30 })).toEqual([
      'PNG',
      '300×900',
      'portrait',
      'mostly blue',
      'dark overall',
      'with transparency',
      'animated, 12 frames',
    ]);
    expect(imageFacts({ ...base, width: 1000, height: 990, brightness: 220 })).toContain('square');
  });
});

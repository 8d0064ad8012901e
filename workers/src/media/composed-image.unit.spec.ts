import { captionLines, tileLayout } from './composed-image';

describe('a picture composed from files', () => {
  const area = { x: 80, y: 80, w: 1440, h: 880 };

  it('lays one picture over the whole area, two side by side, four in two rows', () => {
    expect(tileLayout(1, area, 36)).toEqual([area]);
    const two = tileLayout(2, area, 36);
    expect(two.map((b) => b.y)).toEqual([80, 80]);
    expect(two[1]!.x).toBe(two[0]!.x + two[0]!.w + 36);
    const four = tileLayout(4, area, 36);
    expect(new Set(four.map((b) => b.y)).size).toBe(2);
  });

  it('keeps every tile inside the area, and centres a short last row', () => {
    for (let n = 1; n <= 10; n++) {
      const boxes = tileLayout(n, area, 36);
      expect(boxes).toHaveLength(n);
      for (const b of boxes) {
        expect(b.x).toBeGreaterThanOrEqual(area.x);
        expect(b.y).toBeGreaterThanOrEqual(area.y);
        expect(b.x + b.w).toBeLessThanOrEqual(area.x + area.w);
        expect(b.y + b.h).toBeLessThanOrEqual(area.y + area.h);
      }
    }
    const three = tileLayout(3, area, 36);
    const last = three[2]!;
    if (last.y !== three[0]!.y) expect(last.x + last.w / 2).toBeCloseTo(area.x + area.w / 2, -1);
    expect(tileLayout(0, area, 36)).toEqual([]);
  });

  it('writes the words in the drawn alphabet, wrapped by word, cut with dots when too long', () => {
    expect(captionLines('Crème brûlée, for 4!', 26, 2)).toEqual(['CREME BRULEE FOR 4']);
    expect(captionLines('A poster for the spring baking class, with warm colours', 26, 2)).toEqual([
      'A POSTER FOR THE SPRING',
      'BAKING CLASS WITH WARM..',
    ]);
    expect(captionLines('', 26, 2)).toEqual([]);
  });
});

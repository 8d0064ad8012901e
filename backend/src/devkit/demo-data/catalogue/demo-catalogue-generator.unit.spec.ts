import fs from 'node:fs';
import path from 'node:path';
import { ASSETS_DIR } from '../../../modules/catalogue/http/media.controller';
import { DEMO_VIDEO_FILE, DEMO_VIDEO_SECONDS, DEMO_VIDEO_URL, demoProducts, shareSeconds } from './demo-catalogue-generator';

describe('demo catalogue generator', () => {
  const products = [...demoProducts(60, 42, new Date('2026-11-01T00:00:00Z'))];
  const lessons = products.flatMap((p) => p.media.contents);

  it('titles lessons without a number of their own (the class page numbers them)', () => {
    expect(lessons.length).toBeGreaterThan(100);
    expect(lessons.filter((l) => /^\s*\d/.test(l.title))).toEqual([]);
    expect(products[0].media.contents[0].title).toBe('Warm-up');
  });
});

/** The Duration of a WebM's Segment Info (float, in TimecodeScale units of ns), in seconds. */
function webmSeconds(file: Buffer): number {
  const scaleAt = file.indexOf(Buffer.from([0x2a, 0xd7, 0xb1]));
  const scaleSize = file[scaleAt + 3] & 0x0f;
  const scaleNs = scaleAt < 0 ? 1_000_000 : file.readUIntBE(scaleAt + 4, scaleSize);
  const durationAt = file.indexOf(Buffer.from([0x44, 0x89]));
  const size = file[durationAt + 2] & 0x0f;
  const units = size === 8 ? file.readDoubleBE(durationAt + 3) : file.readFloatBE(durationAt + 3);
  return (units * scaleNs) / 1e9;
}

describe('demo lessons and the video they play', () => {
  it('the demo video is as long as DEMO_VIDEO_SECONDS says', () => {
    const seconds = webmSeconds(fs.readFileSync(path.join(ASSETS_DIR, DEMO_VIDEO_FILE)));
    expect(Math.round(seconds)).toBe(DEMO_VIDEO_SECONDS);
  });

  it("every class's lessons add up to the video's real length (each lesson is a chapter of it)", () => {
    const products = [...demoProducts(60, 42, new Date('2026-11-01T00:00:00Z'))];
    for (const p of products) {
      expect(p.media.videoUrl).toBe(DEMO_VIDEO_URL);
      expect(p.media.contents.reduce((s, c) => s + c.durationSeconds, 0)).toBe(DEMO_VIDEO_SECONDS);
      expect(p.media.contents.every((c) => c.durationSeconds >= 1)).toBe(true);
    }
  });

  it('shares whole seconds in proportion, exactly adding up', () => {
    expect(shareSeconds(20, [1, 1, 2])).toEqual([5, 5, 10]);
    expect(shareSeconds(20, [1, 1, 1])).toEqual([7, 7, 6]);
    expect(shareSeconds(3, [5, 5, 5, 5])).toEqual([1, 1, 1, 0]);
  });
});

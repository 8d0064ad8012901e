import { originalKey, parseMediaKey, thumbnailKeyOf } from './media-keys';

const APP = '0b8c6a3e-0d51-4d7a-9d0e-7d3b9f0c1a22';
const FILE = '5f1e2d3c-4b5a-4c6d-8e7f-901234567890';

describe('media storage keys', () => {
  it('names an upload and its thumbnail by app and file, typed by the stored extension', () => {
    const key = originalKey(APP, FILE, 'mp4');
    expect(parseMediaKey(key)).toEqual({ appId: APP, fileId: FILE, role: 'original', contentType: 'video/mp4', type: 'video' });
    expect(thumbnailKeyOf(key)).toBe(`apps/${APP}/${FILE}/thumb.webp`);
    expect(parseMediaKey(thumbnailKeyOf(key))).toMatchObject({ role: 'thumbnail', contentType: 'image/webp' });
    expect(parseMediaKey(originalKey(APP, FILE, 'pdf'))?.type).toBe('pdf');
  });

  it('refuses anything else: other folders, traversal, unknown extensions, script-capable types', () => {
    for (const bad of [
      `apps/${APP}/${FILE}/original.svg`,
      `apps/${APP}/${FILE}/original.html`,
      `apps/${APP}/${FILE}/../../etc/passwd`,
      `apps/${APP}/../${FILE}/original.png`,
      `apps/${APP}/${FILE}/other.png`,
      `/apps/${APP}/${FILE}/original.png`,
      `apps/${APP.toUpperCase()}/${FILE}/original.png`,
      `app-images/x.png`,
      '',
    ]) {
      expect(parseMediaKey(bad)).toBeNull();
    }
  });
});

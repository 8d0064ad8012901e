import { PHOTO_TOO_LARGE, photoRefusal, UNSUPPORTED_PHOTO } from './StorefrontPhoto';

describe('storefront photo: what the browser refuses before sending', () => {
  it("refuses empty files, other kinds and photos over 10 MB in the server's words; leaves the rest to the server", () => {
    expect(photoRefusal({ size: 0, type: 'image/png' })).toBe('The file is empty.');
    expect(photoRefusal({ size: 1000, type: 'application/pdf' })).toBe(UNSUPPORTED_PHOTO);
    expect(UNSUPPORTED_PHOTO).toBe('This kind of file is not supported: upload an image (JPEG, PNG, WebP, GIF, AVIF).');
    expect(photoRefusal({ size: 10 * 1024 * 1024 + 1, type: 'image/jpeg' })).toBe(PHOTO_TOO_LARGE);
    expect(PHOTO_TOO_LARGE).toBe('Photos can be at most 10 MB.');
    expect(photoRefusal({ size: 10 * 1024 * 1024, type: 'image/webp' })).toBeNull();
    // a type the browser does not know: the server reads the bytes
    expect(photoRefusal({ size: 5000, type: '' })).toBeNull();
  });
});

import { COVER_SIZES, coverImage, coverSrcSet } from './cover-image';

describe('cover images', () => {
  it('offers the generated widths of a drawn cover, up to one sharp on the widest display', () => {
    expect(coverSrcSet('/api/media/covers/cover-0007.webp')).toBe(
      '/api/media/covers/cover-0007-480w.webp 480w, /api/media/covers/cover-0007-960w.webp 960w, ' +
        '/api/media/covers/cover-0007-1440w.webp 1440w, /api/media/covers/cover-0007-1920w.webp 1920w',
    );
    expect(coverImage('/api/media/covers/hero-desktop.webp', COVER_SIZES.page)).toMatchObject({
      src: '/api/media/covers/hero-desktop.webp',
      sizes: COVER_SIZES.page,
    });
  });

  it('shows any other image as it is', () => {
    expect(coverSrcSet('https://cdn.example.com/a.webp')).toBeUndefined();
    expect(coverSrcSet('/api/media/covers/../x.webp')).toBeUndefined();
    expect(coverSrcSet('')).toBeUndefined();
    expect(coverImage('/uploads/a.png', COVER_SIZES.card)).toEqual({ src: '/uploads/a.png' });
  });
});

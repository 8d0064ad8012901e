/** Where the API serves media (GET /api/media/...). */
export const MEDIA_ROUTE = '/api/media';

/** A class cover drawn under MEDIA_DIR/covers (its widths: `<name>-960w.webp`, ...). */
export const coverUrl = (name: string) => `${MEDIA_ROUTE}/covers/${name}.webp`;

/** A video shipped with the server (backend/assets/<file>). */
export const assetVideoUrl = (file: string) => `${MEDIA_ROUTE}/videos/${file}`;

/**
 * Pictures of creators' apps (MEDIA_DIR/app-images: the app's image, its landing page's banner and
 * screens, drawn or generated as PNGs of 720-1600 px) are also served as WebP at these widths
 * (`<name>-960w.webp`, drawn on first use), so a phone loads a small file: the landing page names them
 * in srcset, and its head preloads the hero's with the same srcset and sizes.
 */
export const APP_IMAGE_WIDTHS = [160, 480, 640, 960, 1440] as const;
const APP_IMAGE = /^(\/api\/media\/app-images\/[a-z0-9][a-z0-9_-]*)\.png$/i;

/** How wide the landing page shows its pictures (its layout is at most 1120 px wide; one column up to 834 px). */
export const APP_IMAGE_SIZES = {
  /** The hero's banner: the column beside the text, the page's width on a phone. */
  hero: '(max-width: 834px) 100vw, 560px',
  /** The app's own image as the hero (square, at most 420 px). */
  heroSquare: '(max-width: 834px) min(100vw, 420px), 420px',
  /** A section's picture. */
  section: '(max-width: 834px) 100vw, 560px',
  /** Phone screens in a row. */
  screen: '180px',
  /** Icons beside a name. */
  icon: '72px',
} as const;

/** srcset for an app picture served at several widths; undefined for any other picture (shown as it is). */
export function appImageSrcSet(url: string | null | undefined): string | undefined {
  const m = url ? APP_IMAGE.exec(url) : null;
  return m ? APP_IMAGE_WIDTHS.map((w) => `${m[1]}-${w}w.webp ${w}w`).join(', ') : undefined;
}

/** img attributes for an app picture shown at `sizes`. */
export function appImageAttrs(url: string, sizes: string): { src: string; srcSet?: string; sizes?: string } {
  const srcSet = appImageSrcSet(url);
  return srcSet ? { src: url, srcSet, sizes } : { src: url };
}

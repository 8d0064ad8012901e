/**
 * Covers the API draws itself (/api/media/covers/<name>.webp) are also served at these widths
 * (<name>-960w.webp): the browser picks the smallest that fills the slot on the screen it has, so a
 * phone loads a small file and the class page's wide cover stays sharp.
 */
const GENERATED_COVER = /^(\/api\/media\/covers\/[a-z0-9][a-z0-9_-]*)\.webp$/i;
export const COVER_WIDTHS = [480, 960, 1440, 1920] as const;

/** How wide a cover is shown, per place (the layout is at most 1200 px wide). */
export const COVER_SIZES = {
  /** Product grids: 4, 3, 2 then 1 column. */
  card: '(max-width: 400px) 100vw, (max-width: 834px) 50vw, (max-width: 1120px) 33vw, 300px',
  /** The class page's and a collection's cover: the page's width. */
  page: '(max-width: 1200px) 100vw, 1200px',
  /** The library's small thumbnails. */
  thumb: '240px',
} as const;

/** srcSet for a generated cover; undefined for any other image (shown as it is). */
export function coverSrcSet(url: string | null | undefined, widths: readonly number[] = COVER_WIDTHS): string | undefined {
  const m = url ? GENERATED_COVER.exec(url) : null;
  return m ? widths.map((w) => `${m[1]}-${w}w.webp ${w}w`).join(', ') : undefined;
}

/** img attributes for a cover shown at `sizes`. */
export function coverImage(url: string, sizes: string): { src: string; srcSet?: string; sizes?: string } {
  const srcSet = coverSrcSet(url);
  return srcSet ? { src: url, srcSet, sizes } : { src: url };
}

/** Where media is served from (GET /api/media/...): generated covers and the videos shipped with the server. */
export { coverUrl } from '@sparkhouse/contracts';

/** Media file names: no path separators or dots at the start, so a name cannot leave its folder. */
export const SAFE_MEDIA_NAME = /^[a-z0-9][a-z0-9_-]{0,120}\.(webp|png|webm)$/i;

/** A generated cover's srcset at these widths (`name-960w.webp 960w, ...`), as the web app writes it. */
export const coverSrcSet = (url: string, widths: readonly number[]) =>
  widths.map((w) => `${url.replace(/\.webp$/, '')}-${w}w.webp ${w}w`).join(', ');

/** Where media is served from (GET /api/media/...): generated covers and the demo video. */
export const MEDIA_ROUTE = '/api/media';
export const coverUrl = (name: string) => `${MEDIA_ROUTE}/covers/${name}.webp`;
export const DEMO_VIDEO_FILE = 'demo-class.webm';
export const DEMO_VIDEO_URL = `${MEDIA_ROUTE}/videos/${DEMO_VIDEO_FILE}`;
/** The demo video's real length in whole seconds (scripts/make-demo-video.mjs; a test reads the file's Duration). */
export const DEMO_VIDEO_SECONDS = 20;
/** Media file names: no path separators or dots at the start, so a name cannot leave its folder. */
export const SAFE_MEDIA_NAME = /^[a-z0-9][a-z0-9_-]{0,120}\.(webp|png|webm)$/i;

/** A generated cover's srcset at these widths (`name-960w.webp 960w, ...`), as the web app writes it. */
export const coverSrcSet = (url: string, widths: readonly number[]) =>
  widths.map((w) => `${url.replace(/\.webp$/, '')}-${w}w.webp ${w}w`).join(', ');

/** Where media is served from (GET /api/media/...): generated covers and the demo video. */
export const MEDIA_ROUTE = '/api/media';
export const coverUrl = (name: string) => `${MEDIA_ROUTE}/covers/${name}.webp`;
export const DEMO_VIDEO_FILE = 'demo-class.webm';
export const DEMO_VIDEO_URL = `${MEDIA_ROUTE}/videos/${DEMO_VIDEO_FILE}`;
/** Media file names: no path separators or dots at the start, so a name cannot leave its folder. */
export const SAFE_MEDIA_NAME = /^[a-z0-9][a-z0-9_-]{0,120}\.(webp|png|webm)$/i;

/** Where the API serves media (GET /api/media/...). */
export const MEDIA_ROUTE = '/api/media';

/** A class cover drawn under MEDIA_DIR/covers (its widths: `<name>-960w.webp`, ...). */
export const coverUrl = (name: string) => `${MEDIA_ROUTE}/covers/${name}.webp`;

/** A video shipped with the server (backend/assets/<file>). */
export const assetVideoUrl = (file: string) => `${MEDIA_ROUTE}/videos/${file}`;

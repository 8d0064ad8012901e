import path from 'node:path';

/**
 * Generated media written by the worker and served read-only by the API under /api/media/.
 * Both processes agree on folders and URLs through these helpers.
 */
export const GENERATED_MEDIA_ROUTE = '/api/media';

/** App images (creator studio): MEDIA_DIR/app-images/<name>.png, served at /api/media/app-images/<name>.png. */
export const APP_IMAGES_FOLDER = 'app-images';
export const appImagesDir = (mediaDir: string) => path.join(mediaDir, APP_IMAGES_FOLDER);
export const appImageUrl = (fileName: string) => `${GENERATED_MEDIA_ROUTE}/${APP_IMAGES_FOLDER}/${fileName}`;

/** Generated file names: letters, digits, '-' and '_' with a known extension, so a name cannot leave its folder. */
export const SAFE_GENERATED_NAME = /^[a-z0-9][a-z0-9_-]{0,120}\.(png|webp|jpg)$/i;

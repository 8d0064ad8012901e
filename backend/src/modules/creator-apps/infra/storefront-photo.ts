import { createHash } from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';
import sharp from 'sharp';
import { STOREFRONT_PHOTO_MIN_PIXELS, STOREFRONT_PHOTO_PIXELS } from '@sparkhouse/contracts';
import { badRequest } from '../../../platform/http/errors';
import { appImagesDir, appImageUrl } from '../../../platform/media/media-files';
import { isOwnStorefrontPhotoName, storefrontPhotoName } from '../domain/storefront';

export const UNREADABLE_PHOTO = 'The image could not be read: it may be damaged or incomplete.';
export const PHOTO_TOO_SMALL = `The photo is too small: choose one at least ${STOREFRONT_PHOTO_MIN_PIXELS} pixels wide and high.`;

/** Whether `url` is a storefront photo this owner uploaded (uploadStorefrontPhoto's answer, served from here). */
export function isOwnStorefrontPhoto(ownerId: string, url: string): boolean {
  const prefix = appImageUrl('');
  return url.startsWith(prefix) && isOwnStorefrontPhotoName(ownerId, url.slice(prefix.length));
}

export interface StoredPhoto {
  url: string;
  width: number;
  height: number;
}

/**
 * A creator's uploaded picture as their storefront shows it: turned upright, cropped square around
 * what it shows, drawn at 512x512 (WebP) and kept with the generated media (MEDIA_DIR/app-images,
 * served at /api/media/app-images/, immutable: a new photo is a new file). An image that does not
 * decode, or one too small to show sharply, is refused with 400.
 */
export async function storeStorefrontPhoto(mediaDir: string, ownerId: string, file: string): Promise<StoredPhoto> {
  let width: number | undefined;
  let height: number | undefined;
  try {
    ({ width, height } = await sharp(file).metadata());
  } catch {
    throw badRequest(UNREADABLE_PHOTO);
  }
  if (!width || !height) throw badRequest(UNREADABLE_PHOTO);
  if (Math.min(width, height) < STOREFRONT_PHOTO_MIN_PIXELS) throw badRequest(PHOTO_TOO_SMALL);
  let webp: Buffer;
  try {
    webp = await sharp(file)
      .rotate()
      .resize(STOREFRONT_PHOTO_PIXELS, STOREFRONT_PHOTO_PIXELS, { fit: 'cover', position: sharp.strategy.attention })
      .webp({ quality: 82 })
      .toBuffer();
  } catch {
    // the header read, the pixels did not (a cut-off file)
    throw badRequest(UNREADABLE_PHOTO);
  }
  const name = storefrontPhotoName(ownerId, createHash('sha256').update(webp).digest('hex'));
  const dir = appImagesDir(mediaDir);
  await fs.mkdir(dir, { recursive: true });
  const temp = path.join(dir, `.${name}.${process.pid}.tmp`);
  await fs.writeFile(temp, webp);
  await fs.rename(temp, path.join(dir, name));
  return { url: appImageUrl(name), width: STOREFRONT_PHOTO_PIXELS, height: STOREFRONT_PHOTO_PIXELS };
}

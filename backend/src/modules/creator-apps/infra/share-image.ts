import { createHash } from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';
import sharp from 'sharp';
import {
  APP_IMAGES_FOLDER,
  appImagesDir,
  appImageUrl,
  GENERATED_MEDIA_ROUTE,
  SAFE_GENERATED_NAME,
} from '../../../platform/media/media-files';
import { SHARE_IMAGE_HEIGHT, SHARE_IMAGE_WIDTH, shareCardSvg, type ShareCard } from '../domain/share-card';

const LOCAL_PICTURE = `${GENERATED_MEDIA_ROUTE}/${APP_IMAGES_FOLDER}/`;

/** The app's picture when it is one of the generated ones on this server's disk (nothing is fetched). */
async function localPicture(mediaDir: string, url: string | null): Promise<ShareCard['picture']> {
  if (!url?.startsWith(LOCAL_PICTURE)) return null;
  const name = url.slice(LOCAL_PICTURE.length).split('?')[0]!;
  if (!SAFE_GENERATED_NAME.test(name)) return null;
  try {
    // small enough to embed: the card draws it 330 px wide
    const png = await sharp(await fs.readFile(path.join(appImagesDir(mediaDir), name)))
      .resize(660, 660, { fit: 'cover' })
      .png()
      .toBuffer();
    return { base64: png.toString('base64'), mime: 'image/png' };
  } catch {
    return null;
  }
}

export interface StoredShareImage {
  url: string;
  width: number;
  height: number;
}

/**
 * Draws the app's share picture (1200x630 PNG) for one publication and stores it with the generated
 * media (MEDIA_DIR/app-images). Its file name comes from the app and the publication, so drawing it
 * again (a redelivered event) writes the same file.
 */
export async function drawShareImage(
  mediaDir: string,
  appId: string,
  publishedAt: string,
  card: Omit<ShareCard, 'picture'> & { pictureUrl: string | null },
): Promise<StoredShareImage> {
  const picture = await localPicture(mediaDir, card.pictureUrl);
  const svg = shareCardSvg({ ...card, picture });
  const png = await sharp(Buffer.from(svg)).png({ compressionLevel: 9 }).toBuffer();
  const tag = createHash('sha256').update(`${appId}\u0000${publishedAt}`).digest('hex').slice(0, 16);
  const name = `share-${appId}-${tag}.png`;
  const dir = appImagesDir(mediaDir);
  await fs.mkdir(dir, { recursive: true });
  const temp = path.join(dir, `.${name}.${process.pid}.tmp`);
  await fs.writeFile(temp, png);
  await fs.rename(temp, path.join(dir, name));
  return { url: appImageUrl(name), width: SHARE_IMAGE_WIDTH, height: SHARE_IMAGE_HEIGHT };
}

import { ensureSizedCover } from '../infra/cover-renderer';

/**
 * Whether the cover file `name` (a stored cover or one of its widths, `name-1440w.webp`) is in `dir`,
 * drawing a width from its cover on first use: the widths are a cache of drawings.
 */
export const sizedCover = (dir: string, name: string): Promise<boolean> => ensureSizedCover(dir, name);

import type { StreamModel } from '../../../platform/events/event-store';
import { foldMedia, type MediaState } from '../domain/app-media';

/** A library item's facts folded (one stream per file, `media-<mediaId>`). */
export const mediaModel: StreamModel<MediaState> = { name: 'creator-apps.media@2', fold: foldMedia };

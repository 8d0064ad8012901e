// The media library of spec 7 "App builder: images, media": uploads (multipart, streamed to storage)
// and the library's calls. Envelope style, the creator's own apps only (another creator's app answers
// 404 like an unknown one). Only calls are exported as values here; shapes live in app-media-schemas.ts.
import { z } from 'zod';
import { defineCall } from '../http';
import { appIdField } from './creator-apps-schemas';
import {
  activityIdField,
  appMediaSchema,
  mediaIdField,
  mediaMetadataField,
  mediaPageQuery,
  mediaTypeSchema,
  mediaUrlField,
  saveMediaBody,
  uploadedMediaSchema,
} from './app-media-schemas';

export type { AppMedia, UploadedMedia } from './app-media-schemas';

const mod = 'creator-apps';
const mediaAnswer = z.object({ media: appMediaSchema });

export const uploadMedia = defineCall({
  id: 'uploadMedia',
  module: mod,
  method: 'POST',
  path: '/media/uploads',
  access: 'user',
  style: 'envelope',
  summary:
    'Stores one file for an app (multipart/form-data: `file` and `appId`), streamed to storage. Its kind is read from ' +
    'its bytes (image, video, audio or PDF; anything else 415); each kind has a size limit (413). Images get a ' +
    'thumbnail, videos a poster frame, videos and audio their duration. Answers signed, expiring URLs; saveAppMedia ' +
    'then adds the file to the library.',
  upload: { fileField: 'file', fields: z.object({ appId: appIdField }) },
  response: uploadedMediaSchema,
  successStatus: 201,
});

export const getAppMedia = defineCall({
  id: 'getAppMedia',
  module: mod,
  method: 'GET',
  path: '/app-builder/getAppMedia',
  access: 'user',
  style: 'envelope',
  summary:
    "An app's media, newest first: `limit` (default 30), `cursorCreatedAt` (an earlier page's nextCursor), `onlyTypes` " +
    '(image, video, audio, pdf; comma separated). nextCursor is null on the last page.',
  query: mediaPageQuery,
  response: z.object({ media: z.array(appMediaSchema), nextCursor: z.string().nullable() }),
});

export const saveAppMedia = defineCall({
  id: 'saveAppMedia',
  module: mod,
  method: 'POST',
  path: '/app-builder/saveAppMedia',
  access: 'user',
  style: 'envelope',
  summary:
    "Adds a file to the app's library: an uploaded file's URL (its kind must match) or an http(s) address. Saving the " +
    'same URL again answers the item already there.',
  body: saveMediaBody,
  response: mediaAnswer,
});

export const updateAppMedia = defineCall({
  id: 'updateAppMedia',
  module: mod,
  method: 'POST',
  path: '/app-builder/updateAppMedia',
  access: 'user',
  style: 'envelope',
  summary: "Changes a library item's metadata and/or thumbnail, found by its URL (thumbnailUrl null removes the thumbnail).",
  body: z.object({
    appId: appIdField,
    url: mediaUrlField,
    metadata: mediaMetadataField.optional(),
    thumbnailUrl: mediaUrlField.nullable().optional(),
  }),
  response: mediaAnswer,
});

export const uploadUserMedia = defineCall({
  id: 'uploadUserMedia',
  module: mod,
  method: 'POST',
  path: '/app-builder/uploadUserMedia',
  access: 'user',
  style: 'envelope',
  summary:
    "Records media an app's user made in an activity (a recording, a photo): an uploaded file's URL, the activity, and " +
    'whether it was made in the simulator (isForSimulation).',
  body: z.object({
    appId: appIdField,
    type: mediaTypeSchema,
    url: mediaUrlField,
    activityId: activityIdField,
    isForSimulation: z.boolean().default(false),
  }),
  response: mediaAnswer,
});

export const deleteAppMedia = defineCall({
  id: 'deleteAppMedia',
  module: mod,
  method: 'POST',
  path: '/app-builder/deleteAppMedia',
  access: 'user',
  style: 'envelope',
  summary: "Removes an item from the app's library; its stored files are deleted and their URLs stop working.",
  body: z.object({ appId: appIdField, mediaId: mediaIdField }),
  response: z.object({ mediaId: z.string(), deleted: z.literal(true) }),
});

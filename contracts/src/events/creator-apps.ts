import { z } from 'zod';
import { defineEvent } from './envelope';

/*
 * Facts of the creator studio. Streams: `app-<appId>`.
 * Other modules (commerce: app pricing and ownership) read these facts through their own projections.
 */

export const AppCreated = defineEvent(
  'AppCreated',
  1,
  z.object({
    appId: z.string(),
    /** The creator's user id. */
    ownerId: z.string(),
    name: z.string(),
    storefrontSlug: z.string(),
    appSlug: z.string(),
    isIdea: z.boolean(),
    /** The prompt the creator described the app with ('' when created without one). */
    prompt: z.string(),
  }),
);

export const creatorAppsEvents = [AppCreated] as const;

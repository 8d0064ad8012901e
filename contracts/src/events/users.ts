import type { EventDefinition } from './envelope';

/** Facts of the users area (profiles, roles, VIP, offers seen, anonymous linking). Stream: `user-<userId>`. */
export const userEvents: readonly EventDefinition[] = [];

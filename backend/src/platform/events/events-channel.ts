/** Channel the relay listens on; a trigger on domain_event notifies it once per appending statement. */
export const EVENTS_CHANNEL = 'sparkhouse_domain_events';

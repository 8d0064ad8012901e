export { formatSpan, formatRelativeTime, formatTypicalWait, formatDuration } from './relative-time';
export { formatCents } from './price';

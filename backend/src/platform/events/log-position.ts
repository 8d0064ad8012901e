/**
 * Where an event sits in delivery order: the id of the transaction that appended it, then its position.
 * Consumers read in this order, and only below the oldest transaction still running, so whatever they
 * have passed can never be followed by an event that sorts before it (docs/event-ordering.md).
 */
export interface LogPosition {
  /** PostgreSQL xid8, as decimal text. */
  transactionId: string;
  /** domain_event.position, as decimal text. */
  position: string;
}

export const LOG_ORIGIN: LogPosition = { transactionId: '0', position: '0' };

const decimal = /^(0|[1-9][0-9]{0,19})$/;

/** -1, 0 or 1, comparing transaction ids and then positions as numbers. */
export function compareLogPositions(a: LogPosition, b: LogPosition): number {
  return compareDecimal(a.transactionId, b.transactionId) || compareDecimal(a.position, b.position);
}

export const laterOf = (a: LogPosition | undefined, b: LogPosition): LogPosition => (a && compareLogPositions(a, b) >= 0 ? a : b);

function compareDecimal(a: string, b: string): number {
  if (a.length !== b.length) return a.length < b.length ? -1 : 1;
  return a < b ? -1 : a > b ? 1 : 0;
}

/** The consistency token a caller carries between calls: "<transaction id>.<position>". */
export const formatToken = (p: LogPosition): string => `${p.transactionId}.${p.position}`;

/** Parses a consistency token; null when it is not one. */
export function parseToken(token: string | undefined): LogPosition | null {
  if (!token) return null;
  const [transactionId, position, ...rest] = token.split('.');
  if (rest.length > 0 || !decimal.test(transactionId ?? '') || !decimal.test(position ?? '')) return null;
  return { transactionId, position };
}

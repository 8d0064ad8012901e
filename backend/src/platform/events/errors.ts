/** Another writer appended to the stream since the caller read it. */
export class ConcurrencyError extends Error {
  constructor(
    readonly streamId: string,
    readonly expected: number,
    readonly actual: number,
  ) {
    super(`Stream ${streamId} is at version ${actual}, expected ${expected}`);
  }
}

export class UnknownEventTypeError extends Error {
  constructor(readonly type: string) {
    super(`Event type ${type} is not declared in contracts/events`);
  }
}

export const CALL_METADATA = Symbol('CALL_METADATA');

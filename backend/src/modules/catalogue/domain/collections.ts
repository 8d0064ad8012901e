/** Schools are collections too, but spec 3 leaves them out of the collection list. */
export const SCHOOL_PROGRAM_TYPE = 'school';

export const listableCollections = <C extends { programType: string }>(collections: readonly C[]): C[] =>
  collections.filter((c) => c.programType !== SCHOOL_PROGRAM_TYPE);

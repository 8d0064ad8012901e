/** A class the user is enrolled in (classesEnrolled of spec 3). Dates are ISO date-times. */
export interface ClassDates {
  classStartDate: string;
  classEndDate: string;
}

/** Spec 4: a class is active while its end date is not yet past. */
export const isClassActive = (c: ClassDates, now: Date): boolean => Date.parse(c.classEndDate) >= now.getTime();

/** Spec 4, active class: at least one enrolled class whose end date is not yet past. */
export const hasActiveClass = (classes: readonly ClassDates[], now: Date): boolean => classes.some((c) => isClassActive(c, now));

/** Spec 4: the separate check that the user has any enrolled class at all. */
export const hasAnyClass = (classes: readonly ClassDates[]): boolean => classes.length > 0;

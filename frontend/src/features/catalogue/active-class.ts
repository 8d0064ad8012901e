/** classesEnrolled of spec section 3: a map of classes, each with a start and an end date. */
export type ClassesEnrolled = Record<string, { classStartDate: string; classEndDate: string }>;

const time = (value: string): number => new Date(value).getTime();

/** Spec section 4: a class is active while its end date is not yet past. Unreadable end dates are not active. */
export function isClassActive(enrolment: { classEndDate: string }, now: Date = new Date()): boolean {
  const end = time(enrolment.classEndDate);
  return Number.isFinite(end) && end >= now.getTime();
}

/** True when at least one enrolled class is still active. */
export function hasActiveClass(classes: ClassesEnrolled | null | undefined, now: Date = new Date()): boolean {
  return Object.values(classes ?? {}).some((enrolment) => isClassActive(enrolment, now));
}

/** The separate check: any enrolled class at all, active or not. */
export const hasAnyEnrolledClass = (classes: ClassesEnrolled | null | undefined): boolean =>
  Object.keys(classes ?? {}).length > 0;

export interface Enrolment {
  slug: string;
  classStartDate: string;
  classEndDate: string;
  active: boolean;
}

/** Enrolments as a list: active first (soonest ending first), then past ones (latest ended first). */
export function listEnrolments(classes: ClassesEnrolled | null | undefined, now: Date = new Date()): Enrolment[] {
  return Object.entries(classes ?? {})
    .map(([slug, dates]) => ({ slug, ...dates, active: isClassActive(dates, now) }))
    .sort((a, b) => {
      if (a.active !== b.active) return a.active ? -1 : 1;
      const diff = time(a.classEndDate) - time(b.classEndDate);
      return a.active ? diff : -diff;
    });
}

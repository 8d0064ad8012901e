import { z } from 'zod';
import { defineEvent } from './envelope';

/** Alert rules of the operations console, and their firing. Stream: `alert-<ruleId>`. */
export const alertKindSchema = z.enum(['backlog', 'failure-rate']);
export type AlertKind = z.infer<typeof alertKindSchema>;

export const alertRuleFieldsSchema = z.object({
  name: z.string().trim().min(1).max(120),
  kind: alertKindSchema,
  /** A queue of contracts/jobs, or null for every queue together. */
  queue: z.string().min(1).max(100).nullable(),
  /** backlog: waiting jobs; failure-rate: percent of finished runs that failed. */
  threshold: z.number().min(0).max(1_000_000),
  /** How long the condition must hold before the alert fires (backlog), or the window measured (failure rate). */
  forMinutes: z
    .number()
    .int()
    .min(1)
    .max(24 * 60),
  enabled: z.boolean(),
});
export type AlertRuleFields = z.infer<typeof alertRuleFieldsSchema>;

export const AlertRuleSaved = defineEvent('AlertRuleSaved', 1, alertRuleFieldsSchema.extend({ ruleId: z.string() }));
export const AlertRuleRemoved = defineEvent('AlertRuleRemoved', 1, z.object({ ruleId: z.string() }));
export const AlertFired = defineEvent(
  'AlertFired',
  1,
  z.object({ ruleId: z.string(), value: z.number(), message: z.string(), conditionSince: z.string() }),
);
export const AlertResolved = defineEvent('AlertResolved', 1, z.object({ ruleId: z.string(), value: z.number() }));

export const operationsEvents = [AlertRuleSaved, AlertRuleRemoved, AlertFired, AlertResolved] as const;

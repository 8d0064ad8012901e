// Shapes of the simulator item calls (contracts/src/api/simulator-items.ts): api/index.ts lists every
// export of that file as a call, so its shared shapes live here.
import { z } from 'zod';
import { queryLimit } from '../http';
import { SIMULATED_FLOWS, SIMULATOR_ITEM_TYPES, type SimulatorItemType } from '../events/simulator';

/** Spec 9: simulator item lists start at page 1, 10 items a page. */
export const SIMULATOR_PAGE_DEFAULTS = { page: 1, limit: 10, maxLimit: 50 } as const;

const TYPES_MESSAGE = `must be a comma-separated list of ${SIMULATOR_ITEM_TYPES.join(', ')}`;

/** `types=plan,onboarding-answers`: the item types to keep (empty or absent: every type). */
export const simulatorItemTypesField = z
  .string()
  .max(200, TYPES_MESSAGE)
  .transform((v) => [
    ...new Set(
      v
        .split(',')
        .map((t) => t.trim())
        .filter(Boolean),
    ),
  ])
  .refine((types) => types.every((t) => (SIMULATOR_ITEM_TYPES as readonly string[]).includes(t)), TYPES_MESSAGE)
  .transform((types) => types as SimulatorItemType[])
  .optional();

export const simulatorItemTypeField = z.enum(SIMULATOR_ITEM_TYPES, {
  error: (i) => (i.input === undefined ? 'is required' : `must be one of ${SIMULATOR_ITEM_TYPES.join(', ')}`),
});

export const simulatorPageField = z.coerce
  .number({ message: 'must be a number' })
  .int('must be a whole number')
  .min(1, 'must be at least 1')
  .max(100_000, 'must be at most 100000')
  .default(SIMULATOR_PAGE_DEFAULTS.page);

export const simulatorItemSchema = z.object({
  itemId: z.string(),
  itemType: z.enum(SIMULATOR_ITEM_TYPES),
  /** The simulator run it was captured in (null: not in one). */
  testingStepId: z.string().nullable(),
  appId: z.string(),
  /** The flow the run went through: the draft or the published one. */
  flow: z.enum(SIMULATED_FLOWS),
  title: z.string(),
  summary: z.string(),
  /** onboarding-answers: { answers, inWords, runId, planId }; plan: { planId, runId, result }. */
  data: z.record(z.string(), z.unknown()),
  createdAt: z.string(),
});
export type SimulatorItem = z.output<typeof simulatorItemSchema>;

export const simulatorItemListSchema = z.object({
  items: z.array(simulatorItemSchema),
  hasMore: z.boolean(),
  total: z.number().int(),
});
export type SimulatorItemList = z.output<typeof simulatorItemListSchema>;

export const simulatorLimitField = queryLimit(SIMULATOR_PAGE_DEFAULTS.maxLimit, SIMULATOR_PAGE_DEFAULTS.limit);

import { z } from 'zod';
import { defineEvent } from './envelope';

/*
 * Simulator items (spec 3 "Simulator item"): what the builder's simulator captured or produced while
 * a creator ran their app's onboarding — the answers given, the plan made from them. Stream:
 * `simulator-run-<runId>` (the plan job's run): the answers are recorded with the plan request, the
 * plan when its job completes, so one run's items sit together and each is recorded once.
 */

export const SIMULATOR_ITEM_TYPES = ['onboarding-answers', 'plan', 'screenshot'] as const;
export type SimulatorItemType = (typeof SIMULATOR_ITEM_TYPES)[number];

/** Which version of the onboarding flow a simulator run went through. */
export const SIMULATED_FLOWS = ['draft', 'published'] as const;
export type SimulatedFlow = (typeof SIMULATED_FLOWS)[number];

export const SimulatorItemRecorded = defineEvent(
  'SimulatorItemRecorded',
  1,
  z.object({
    itemId: z.string(),
    appId: z.string(),
    /** The creator (or admin) whose simulator run it came from. */
    ownerId: z.string(),
    itemType: z.enum(SIMULATOR_ITEM_TYPES),
    /** The simulator run's testing step; null for an item not captured in one. */
    testingStepId: z.string().nullable(),
    flow: z.enum(SIMULATED_FLOWS),
    /** A one-line name and a short description, as lists show them. */
    title: z.string(),
    summary: z.string(),
    /** The item itself: the answers (by question id and in words), or the plan job's result. */
    data: z.record(z.string(), z.unknown()),
  }),
);

export const simulatorEvents = [SimulatorItemRecorded] as const;

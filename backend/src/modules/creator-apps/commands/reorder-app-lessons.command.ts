import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import type { NewEvent } from '@sparkhouse/contracts';
import { Database } from '../../../platform/database/database';
import { EventStore } from '../../../platform/events/event-store';
import { badRequest } from '../../../platform/http/errors';
import { lessonsStreamId } from '../domain/member-program';
import { lessonsModel, type LessonsState } from './mark-app-lesson.command';

export const REORDER_MUST_LIST_THE_PHASE =
  'List every lesson of the phase once, in the new order: reload the lessons and try again.';

/** Put the lessons of a phase in a new order (every lesson of the phase, first to last). Ownership is checked before (the controller). */
export class ReorderAppLessons {
  constructor(
    readonly appId: string,
    readonly phaseNumber: number,
    readonly mediaIds: readonly string[],
  ) {}
}

export function decide(state: LessonsState | null, c: ReorderAppLessons): NewEvent[] {
  const ofPhase = Object.entries(state ?? {})
    .filter(([, l]) => l.phaseNumber === c.phaseNumber)
    .map(([mediaId]) => mediaId);
  const listed = new Set(c.mediaIds);
  if (listed.size !== c.mediaIds.length || listed.size !== ofPhase.length || !ofPhase.every((id) => listed.has(id)))
    throw badRequest(REORDER_MUST_LIST_THE_PHASE);
  return [{ type: 'AppLessonsReordered', payload: { appId: c.appId, phaseNumber: c.phaseNumber, mediaIds: [...c.mediaIds] } }];
}

@CommandHandler(ReorderAppLessons)
export class ReorderAppLessonsHandler implements ICommandHandler<ReorderAppLessons> {
  constructor(
    private readonly orm: Database,
    private readonly events: EventStore,
  ) {}

  async execute(c: ReorderAppLessons) {
    await this.orm.em
      .fork()
      .transactional((tem) => this.events.decide(tem, lessonsStreamId(c.appId), lessonsModel, (s) => decide(s, c)));
  }
}

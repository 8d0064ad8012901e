import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { isEventOf, type NewEvent, type StoredEvent } from '@sparkhouse/contracts';
import { Database } from '../../../platform/database/database';
import { EventStore, type StreamModel } from '../../../platform/events/event-store';
import { lessonsStreamId } from '../domain/member-program';

/** An app's lessons as their stream folds: media id -> phase number and title. */
export type LessonsState = Record<string, { phaseNumber: number; title: string }>;

export const lessonsModel: StreamModel<LessonsState> = {
  name: 'creator-apps.lessons@1',
  fold: (state: LessonsState | null, events: readonly StoredEvent[]) => {
    const s: LessonsState = { ...(state ?? {}) };
    for (const e of events) {
      if (isEventOf(e, 'AppLessonMarked')) s[e.payload.mediaId] = { phaseNumber: e.payload.phaseNumber, title: e.payload.title };
      else if (isEventOf(e, 'AppLessonUnmarked')) delete s[e.payload.mediaId];
    }
    return s;
  },
};

/**
 * Make a medium of the app's library (video, audio or PDF) a lesson of a phase, or unmark it (phaseNumber
 * null). The caller's ownership and the medium's kind are checked before (the controller).
 */
export class MarkAppLesson {
  constructor(
    readonly appId: string,
    readonly mediaId: string,
    readonly mediaType: 'video' | 'audio' | 'pdf',
    readonly phaseNumber: number | null,
    readonly title: string,
  ) {}
}

export function decide(state: LessonsState | null, c: MarkAppLesson): NewEvent[] {
  const now = state?.[c.mediaId];
  if (c.phaseNumber === null) return now ? [{ type: 'AppLessonUnmarked', payload: { appId: c.appId, mediaId: c.mediaId } }] : [];
  if (now && now.phaseNumber === c.phaseNumber && now.title === c.title) return [];
  return [
    {
      type: 'AppLessonMarked',
      payload: { appId: c.appId, mediaId: c.mediaId, phaseNumber: c.phaseNumber, title: c.title, mediaType: c.mediaType },
    },
  ];
}

@CommandHandler(MarkAppLesson)
export class MarkAppLessonHandler implements ICommandHandler<MarkAppLesson> {
  constructor(
    private readonly orm: Database,
    private readonly events: EventStore,
  ) {}

  async execute(c: MarkAppLesson) {
    await this.orm.em
      .fork()
      .transactional((tem) => this.events.decide(tem, lessonsStreamId(c.appId), lessonsModel, (s) => decide(s, c)));
  }
}

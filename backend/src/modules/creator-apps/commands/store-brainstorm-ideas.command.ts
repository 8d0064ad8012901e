import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { Database } from '../../../platform/database/database';
import { BrainstormIdeasStored, isEventOf, type BrainstormResult, type NewEvent, type StoredEvent } from '@sparkhouse/contracts';
import { EventStore } from '../../../platform/events/event-store';
import { brainstormStreamId } from '../domain/app-state';
import { byJob } from '../infra/app-stream';

/** Store a brainstorm's ideas (once per run). */
export class StoreBrainstormIdeas {
  constructor(
    readonly runId: string,
    readonly brainstormId: string,
    readonly result: BrainstormResult,
    readonly causationId: string,
  ) {}
}

/** Decided on the brainstorm's stream: the ideas, once per run, of a brainstorm that was asked for (null: nothing). */
export function decide(
  stream: readonly StoredEvent[],
  { runId, brainstormId, result }: Pick<StoreBrainstormIdeas, 'runId' | 'brainstormId' | 'result'>,
): NewEvent[] | null {
  const requested = stream.some((e) => isEventOf(e, 'BrainstormRequested'));
  const stored = stream.some((e) => isEventOf(e, 'BrainstormIdeasStored') && e.payload.runId === runId);
  if (!requested || stored) return null;
  return [
    { type: BrainstormIdeasStored.type, payload: { brainstormId, runId, ideas: result.ideas, generatedBy: result.generatedBy } },
  ];
}

@CommandHandler(StoreBrainstormIdeas)
export class StoreBrainstormIdeasHandler implements ICommandHandler<
  StoreBrainstormIdeas,
  { stored: boolean; appended: StoredEvent[] }
> {
  constructor(
    private readonly orm: Database,
    private readonly events: EventStore,
  ) {}

  async execute(command: StoreBrainstormIdeas) {
    const appended = await this.orm.em
      .fork()
      .transactional((tem) =>
        this.events.appendIf(
          tem,
          brainstormStreamId(command.brainstormId),
          (stream) => decide(stream, command),
          byJob(command.causationId),
        ),
      );
    return { stored: appended !== null, appended: appended ?? [] };
  }
}

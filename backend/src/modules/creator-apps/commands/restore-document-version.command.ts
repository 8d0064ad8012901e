import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { Database } from '../../../platform/database/database';
import type { AppDocument, NewEvent } from '@sparkhouse/contracts';
import type { Principal } from '../../../platform/auth/principal';
import { EventStore } from '../../../platform/events/event-store';
import { notFound } from '../../../platform/http/errors';
import { existingApp, type AppState, type Json } from '../domain/app-state';
import { restoreVersion, VersionHistoryError, type VersionChange, type VersionMeta } from '../domain/document-versions';
import { versionFacts } from '../domain/version-facts';
import { saveVersionChange, type VersionSaved } from './save-document-version.command';

/** Restore an earlier version: a new version copying it (history is never rewritten). */
export class RestoreDocumentVersion {
  constructor(
    readonly principal: Principal | null,
    readonly appId: string,
    readonly document: AppDocument,
    readonly versionId: string,
  ) {}
}

type Restore = Pick<RestoreDocumentVersion, 'document' | 'versionId'>;

/** The change to the document's history: a copy of the version as the new current one (404: no such version). */
export function versionChange(app: AppState, { document, versionId }: Restore, meta: VersionMeta): VersionChange<Json> {
  try {
    return restoreVersion(app.histories[document], versionId, meta);
  } catch (error) {
    if (error instanceof VersionHistoryError) throw notFound('No such version of this app.');
    throw error;
  }
}

export function decide(state: AppState | null, command: Restore, meta: VersionMeta): NewEvent[] {
  const app = existingApp(state);
  return versionFacts(app.appId, command.document, versionChange(app, command, meta), null);
}

@CommandHandler(RestoreDocumentVersion)
export class RestoreDocumentVersionHandler implements ICommandHandler<RestoreDocumentVersion, VersionSaved> {
  constructor(
    private readonly orm: Database,
    private readonly events: EventStore,
  ) {}

  execute(command: RestoreDocumentVersion): Promise<VersionSaved> {
    return saveVersionChange(this.orm, this.events, command, (app, meta) => versionChange(app, command, meta));
  }
}

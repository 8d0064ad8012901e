import { randomUUID } from 'node:crypto';
import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { Database } from '../../../platform/database/database';
import type { AppDocument, NewEvent } from '@sparkhouse/contracts';
import type { Principal } from '../../../platform/auth/principal';
import { EventStore } from '../../../platform/events/event-store';
import { existingApp, type AppState, type Json } from '../domain/app-state';
import { appendVersion, type DocumentVersion, type VersionChange, type VersionMeta } from '../domain/document-versions';
import { versionFacts } from '../domain/version-facts';
import { changeApp } from '../infra/app-stream';

export interface VersionSaved {
  appId: string;
  /** The version now current (the new one, or the unchanged current one). */
  version: DocumentVersion<Json>;
  appended: boolean;
  /** App stream version a read must reach. */
  streamVersion: number;
}

/** A new version's id, time and author (a caller's edit or restore). */
export const newVersionMeta = (principal: Principal | null): VersionMeta => ({
  versionId: randomUUID(),
  createdAt: new Date().toISOString(),
  createdBy: principal?.id ?? 'system',
});

/** Save a document's new content as a new version (the same content as the current one adds none). */
export class SaveDocumentVersion {
  constructor(
    readonly principal: Principal | null,
    readonly appId: string,
    readonly document: AppDocument,
    readonly content: Json,
  ) {}
}

type Save = Pick<SaveDocumentVersion, 'document' | 'content'>;

/** The change to the document's history: a new version, or none for the content it has. */
export const versionChange = (app: AppState, { document, content }: Save, meta: VersionMeta): VersionChange<Json> =>
  appendVersion(app.histories[document], content, { ...meta, reason: 'edit' });

export function decide(state: AppState | null, command: Save, meta: VersionMeta): NewEvent[] {
  const app = existingApp(state);
  return versionFacts(app.appId, command.document, versionChange(app, command, meta), null);
}

@CommandHandler(SaveDocumentVersion)
export class SaveDocumentVersionHandler implements ICommandHandler<SaveDocumentVersion, VersionSaved> {
  constructor(
    private readonly orm: Database,
    private readonly events: EventStore,
  ) {}

  execute(command: SaveDocumentVersion): Promise<VersionSaved> {
    return saveVersionChange(this.orm, this.events, command, (app, meta) => versionChange(app, command, meta));
  }
}

/**
 * Appends a change to one of the app's documents (a new version, or none) on the app's stream, for
 * a caller who may change the app, and answers the version now current.
 */
export async function saveVersionChange(
  orm: Database,
  events: EventStore,
  { principal, appId, document }: { principal: Principal | null; appId: string; document: AppDocument },
  change: (app: AppState, meta: VersionMeta) => VersionChange<Json>,
): Promise<VersionSaved> {
  const meta = newVersionMeta(principal);
  const { answer, version } = await orm.em.fork().transactional((tem) =>
    changeApp(tem, events, appId, principal, (app) => {
      const changed = change(app, meta);
      return { events: versionFacts(appId, document, changed, null), answer: changed };
    }),
  );
  return { appId, version: answer.version, appended: answer.outcome === 'appended', streamVersion: version };
}

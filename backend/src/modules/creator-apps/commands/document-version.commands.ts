import { randomUUID } from 'node:crypto';
import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { Database } from '../../../platform/database/database';
import { AppDocumentVersionAdded, type AppDocument, type NewEvent } from '@sparkhouse/contracts';
import type { Principal } from '../../../platform/auth/principal';
import { EventStore } from '../../../platform/events/event-store';
import { notFound } from '../../../platform/http/errors';
import { type Json } from '../domain/app-state';
import {
  appendVersion,
  restoreVersion,
  VersionHistoryError,
  type DocumentVersion,
  type VersionChange,
} from '../domain/document-versions';
import { changeApp } from './command-support';

export interface VersionSaved {
  appId: string;
  /** The version now current (the new one, or the unchanged current one). */
  version: DocumentVersion<Json>;
  appended: boolean;
  /** App stream version a read must reach. */
  streamVersion: number;
}

/** The AppDocumentVersionAdded fact of a change, or none when nothing changed. */
export function versionFacts(
  appId: string,
  document: AppDocument,
  change: VersionChange<Json>,
  runId: string | null,
): NewEvent[] {
  if (change.outcome === 'unchanged') return [];
  const v = change.version;
  return [
    {
      type: AppDocumentVersionAdded.type,
      payload: {
        appId,
        document,
        versionId: v.versionId,
        number: v.number,
        content: v.content,
        reason: v.reason,
        restoredFrom: v.restoredFrom ?? null,
        runId,
      },
    },
  ];
}

/** Save a document's new content as a new version (the same content as the current one adds none). */
export class SaveDocumentVersion {
  constructor(
    readonly principal: Principal | null,
    readonly appId: string,
    readonly document: AppDocument,
    readonly content: Json,
  ) {}
}

@CommandHandler(SaveDocumentVersion)
export class SaveDocumentVersionHandler implements ICommandHandler<SaveDocumentVersion, VersionSaved> {
  constructor(
    private readonly orm: Database,
    private readonly events: EventStore,
  ) {}

  async execute({ principal, appId, document, content }: SaveDocumentVersion) {
    const meta = { versionId: randomUUID(), createdAt: new Date().toISOString(), createdBy: principal?.id ?? 'system' };
    const { answer, version } = await this.orm.em.fork().transactional((tem) =>
      changeApp(tem, this.events, appId, principal, (app) => {
        const change = appendVersion(app.histories[document], content, { ...meta, reason: 'edit' });
        return { events: versionFacts(appId, document, change, null), answer: change };
      }),
    );
    return { appId, version: answer.version, appended: answer.outcome === 'appended', streamVersion: version };
  }
}

/** Restore an earlier version: a new version copying it (history is never rewritten). */
export class RestoreDocumentVersion {
  constructor(
    readonly principal: Principal | null,
    readonly appId: string,
    readonly document: AppDocument,
    readonly versionId: string,
  ) {}
}

@CommandHandler(RestoreDocumentVersion)
export class RestoreDocumentVersionHandler implements ICommandHandler<RestoreDocumentVersion, VersionSaved> {
  constructor(
    private readonly orm: Database,
    private readonly events: EventStore,
  ) {}

  async execute({ principal, appId, document, versionId }: RestoreDocumentVersion) {
    const meta = { versionId: randomUUID(), createdAt: new Date().toISOString(), createdBy: principal?.id ?? 'system' };
    const { answer, version } = await this.orm.em.fork().transactional((tem) =>
      changeApp(tem, this.events, appId, principal, (app) => {
        try {
          const change = restoreVersion(app.histories[document], versionId, meta);
          return { events: versionFacts(appId, document, change, null), answer: change };
        } catch (error) {
          if (error instanceof VersionHistoryError) throw notFound('No such version of this app.');
          throw error;
        }
      }),
    );
    return { appId, version: answer.version, appended: answer.outcome === 'appended', streamVersion: version };
  }
}

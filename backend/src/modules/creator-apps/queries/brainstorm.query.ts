import { Injectable } from '@nestjs/common';
import { Database } from '../../../platform/database/database';
import type { BrainstormIdea, BrainstormStatus } from '@sparkhouse/contracts';
import { isAdmin, type Principal } from '../../../platform/auth/principal';
import { rows } from '../../../platform/database/sql';
import { readUntil } from '../../../platform/events/read-your-writes';
import { notFound, unauthorized } from '../../../platform/http/errors';
import { brainstormStreamId } from '../domain/app-state';

export interface BrainstormView {
  brainstormId: string;
  ownerId: string;
  prompt: string;
  runId: string;
  status: BrainstormStatus;
  ideas: BrainstormIdea[] | null;
  error: string | null;
}

const READ_YOUR_WRITES_MS = 3_000;

interface BrainstormRow {
  brainstorm_id: string;
  owner_id: string;
  prompt: string;
  run_id: string;
  status: BrainstormStatus;
  ideas: BrainstormIdea[] | null;
  error: string | null;
}

/** Brainstorms from the creator_brainstorm read model (status follows the run's lifecycle). */
@Injectable()
export class BrainstormQueries {
  constructor(private readonly orm: Database) {}

  /** The caller's brainstorm; someone else's answers 404 like an unknown one. */
  async own(principal: Principal | null, brainstormId: string): Promise<BrainstormView> {
    if (principal?.kind !== 'user') throw unauthorized();
    const found = await this.get(brainstormId);
    if (!found || (found.ownerId !== principal.id && !isAdmin(principal))) throw notFound('No such brainstorm.');
    return found;
  }

  private async get(brainstormId: string): Promise<BrainstormView | null> {
    const em = this.orm.em.fork();
    // unknown brainstorm: no waiting
    const exists = await rows(em, 'select 1 from domain_event where stream_id = ? limit 1', [brainstormStreamId(brainstormId)]);
    if (exists.length === 0) return null;
    // just requested and not projected yet: wait for it
    const row = await readUntil(
      async () => (await rows<BrainstormRow>(em, 'select * from creator_brainstorm where brainstorm_id = ?', [brainstormId]))[0],
      (found) => Boolean(found),
      READ_YOUR_WRITES_MS,
    );
    if (!row) return null;
    return {
      brainstormId: row.brainstorm_id,
      ownerId: row.owner_id,
      prompt: row.prompt,
      runId: row.run_id,
      status: row.status,
      ideas: row.ideas,
      error: row.error,
    };
  }
}

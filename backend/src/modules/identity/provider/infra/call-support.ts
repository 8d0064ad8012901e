import type { IdentityAction } from '@sparkhouse/contracts';
import type { AppConfig } from '../../../../platform/config/config';
import { normalizeEmail } from '../domain/password-policy';
import type { ActionInput, CallInfo } from '../domain/protocol-inputs';
import { resourceNotFound } from '../domain/protocol-errors';

export type { CallInfo } from '../domain/protocol-inputs';

/** Every protocol action is one command (or, for GetUser, one query) carrying its validated input. */
export abstract class IdentityCommand<A extends IdentityAction> {
  constructor(
    readonly input: ActionInput<A>,
    readonly call: CallInfo,
  ) {}
}

export function assertClient(clientId: string, config: AppConfig): void {
  if (clientId !== config.IDENTITY_CLIENT_ID) throw resourceNotFound(`User pool client ${clientId} does not exist.`);
}

/** The account key of a username (emails are usernames here); '' when it cannot name an account. */
export const accountKey = (username: string) => normalizeEmail(username) ?? '';

/** Groups an account gets at confirmation: admin for IDENTITY_ADMIN_EMAIL. */
export function groupsAtConfirmation(email: string, current: string[], config: AppConfig): string[] {
  if (config.IDENTITY_ADMIN_EMAIL && email === config.IDENTITY_ADMIN_EMAIL && !current.includes('admin')) {
    return [...current, 'admin'];
  }
  return current;
}

/**
 * Runs `work` and answers (or fails) no sooner than `ms` after it began: calls whose answer must not
 * tell a known username from an unknown one by how long they took. The work is the same for both
 * as well; the floor absorbs what a busy machine adds on top.
 */
export async function answerNoSoonerThan<T>(ms: number, work: () => Promise<T>): Promise<T> {
  const start = performance.now();
  try {
    return await work();
  } finally {
    const left = ms - (performance.now() - start);
    if (left > 0) await new Promise((resolve) => setTimeout(resolve, left));
  }
}

import type { Db } from '../../../../platform/database/database';
import { rows, run, textArray } from '../../../../platform/database/sql';

export type AccountStatus = 'UNCONFIRMED' | 'CONFIRMED' | 'FORCE_CHANGE_PASSWORD';

export interface Account {
  userId: string;
  email: string;
  emailVerified: boolean;
  passwordHash: string;
  status: AccountStatus;
  attributes: Record<string, string>;
  groups: string[];
  totpSecret: string | null;
  totpPendingSecret: string | null;
  totpLastStep: number | null;
  /** Software-token (TOTP) MFA on. */
  mfaEnabled: boolean;
  smsMfaEnabled: boolean;
  preferredMfa: MfaType | null;
  /** SRP salt and verifier (hex) of the password; null for accounts without a password of their own yet. */
  srpSalt: string | null;
  srpVerifier: string | null;
}

export type MfaType = 'SMS_MFA' | 'SOFTWARE_TOKEN_MFA';

interface Row {
  user_id: string;
  email: string;
  email_verified: boolean;
  password_hash: string;
  status: AccountStatus;
  attributes: Record<string, string>;
  groups: string[];
  totp_secret: string | null;
  totp_pending_secret: string | null;
  totp_last_step: string | null;
  mfa_enabled: boolean;
  sms_mfa_enabled: boolean;
  preferred_mfa: MfaType | null;
  srp_salt: string | null;
  srp_verifier: string | null;
}

const toAccount = (r: Row): Account => ({
  userId: r.user_id,
  email: r.email,
  emailVerified: r.email_verified,
  passwordHash: r.password_hash,
  status: r.status,
  attributes: r.attributes ?? {},
  groups: r.groups ?? [],
  totpSecret: r.totp_secret,
  totpPendingSecret: r.totp_pending_secret,
  totpLastStep: r.totp_last_step === null ? null : Number(r.totp_last_step),
  mfaEnabled: r.mfa_enabled,
  smsMfaEnabled: r.sms_mfa_enabled,
  preferredMfa: r.preferred_mfa,
  srpSalt: r.srp_salt,
  srpVerifier: r.srp_verifier,
});

const columns: Record<Exclude<keyof Account, 'userId'>, string> = {
  email: 'email',
  emailVerified: 'email_verified',
  passwordHash: 'password_hash',
  status: 'status',
  attributes: 'attributes',
  groups: 'groups',
  totpSecret: 'totp_secret',
  totpPendingSecret: 'totp_pending_secret',
  totpLastStep: 'totp_last_step',
  mfaEnabled: 'mfa_enabled',
  smsMfaEnabled: 'sms_mfa_enabled',
  preferredMfa: 'preferred_mfa',
  srpSalt: 'srp_salt',
  srpVerifier: 'srp_verifier',
};

/** What a new account is made of (the MFA settings start off). */
export type NewAccount = Omit<Account, 'smsMfaEnabled' | 'preferredMfa'>;

/** The identity_account table. `lock` takes a row lock for the rest of the transaction. */
export const accounts = {
  async byEmail(em: Db, email: string, lock = false): Promise<Account | null> {
    const found = await rows<Row>(em, `select * from identity_account where email = ?${lock ? ' for update' : ''}`, [email]);
    return found[0] ? toAccount(found[0]) : null;
  },

  async byId(em: Db, userId: string, lock = false): Promise<Account | null> {
    const found = await rows<Row>(em, `select * from identity_account where user_id = ?${lock ? ' for update' : ''}`, [userId]);
    return found[0] ? toAccount(found[0]) : null;
  },

  async insert(em: Db, a: NewAccount): Promise<void> {
    await run(
      em,
      `insert into identity_account (user_id, email, email_verified, password_hash, status, attributes, groups, srp_salt, srp_verifier)
       values (?, ?, ?, ?, ?, ?::jsonb, ?::text[], ?, ?)`,
      [
        a.userId,
        a.email,
        a.emailVerified,
        a.passwordHash,
        a.status,
        JSON.stringify(a.attributes),
        textArray(a.groups),
        a.srpSalt,
        a.srpVerifier,
      ],
    );
  },

  async update(em: Db, userId: string, changes: Partial<Omit<Account, 'userId'>>): Promise<void> {
    const sets: string[] = [];
    const params: unknown[] = [];
    for (const [key, value] of Object.entries(changes) as [keyof typeof columns, unknown][]) {
      const col = columns[key];
      if (key === 'attributes') {
        sets.push(`${col} = ?::jsonb`);
        params.push(JSON.stringify(value));
      } else if (key === 'groups') {
        sets.push(`${col} = ?::text[]`);
        params.push(textArray(value as string[]));
      } else {
        sets.push(`${col} = ?`);
        params.push(value);
      }
    }
    if (sets.length === 0) return;
    await run(em, `update identity_account set ${sets.join(', ')}, updated_at = now() where user_id = ?`, [...params, userId]);
  },

  async remove(em: Db, userId: string): Promise<void> {
    await run(em, 'delete from identity_account where user_id = ?', [userId]);
  },
};

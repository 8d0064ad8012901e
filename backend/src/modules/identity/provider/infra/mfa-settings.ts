import type { Db } from '../../../../platform/database/database';
import { MfaDisabled, MfaEnabled, PreferredMfaSet, type NewEvent } from '@sparkhouse/contracts';
import { type AppConfig } from '../../../../platform/config/config';
import { invalidParameter, messages, notAuthorized } from '../domain/protocol-errors';
import { accounts, type Account, type MfaType } from './accounts.repository';
import { IdentityTokens } from './identity-tokens';

/* What the MFA calls share: whose token a call sets up, and how factor settings change an account. */

/**
 * Whose software token a call sets up: the signed-in user (AccessToken), or the user in the middle
 * of an MFA_SETUP sign-in challenge (Session, answered with a fresh Session).
 */
export async function caller(
  tokens: IdentityTokens,
  em: Db,
  input: { AccessToken?: string; Session?: string },
): Promise<{ account: Account; session: string | null }> {
  if (input.AccessToken) return { account: await tokens.authenticate(em, input.AccessToken, true), session: null };
  if (!input.Session) throw invalidParameter('Either AccessToken or Session must be given');
  const { userId, context } = await tokens.readChallengeContext(input.Session, ['MFA_SETUP'], clientOf(input.Session));
  const account = await accounts.byId(em, userId, true);
  if (!account) throw notAuthorized(messages.invalidSession);
  return { account, session: await tokens.challenge(account, 'MFA_SETUP', clientOf(input.Session), context) };
}

/** A challenge session names its client; these calls carry no ClientId of their own. */
export function clientOf(session: string): string {
  try {
    const payload = JSON.parse(Buffer.from(session.split('.')[1] ?? '', 'base64url').toString('utf8')) as { client_id?: unknown };
    return typeof payload.client_id === 'string' ? payload.client_id : '';
  } catch {
    return '';
  }
}

export interface FactorSettings {
  Enabled?: boolean;
  PreferredMfa?: boolean;
}

export function applyMfaSettings(
  account: Account,
  settings: Partial<Record<MfaType, FactorSettings | undefined>>,
  config: AppConfig,
) {
  const { userId } = account;
  const state = { SMS_MFA: account.smsMfaEnabled, SOFTWARE_TOKEN_MFA: account.mfaEnabled };
  let preferred = account.preferredMfa;
  const events: NewEvent[] = [];
  for (const factor of ['SMS_MFA', 'SOFTWARE_TOKEN_MFA'] as const) {
    const s = settings[factor];
    if (!s) continue;
    const enable = s.Enabled ?? (s.PreferredMfa ? true : undefined);
    if (enable === true && !state[factor]) {
      if (factor === 'SMS_MFA' && (account.attributes.phone_number_verified !== 'true' || !account.attributes.phone_number)) {
        throw invalidParameter('User does not have a verified phone number for SMS MFA.');
      }
      if (factor === 'SOFTWARE_TOKEN_MFA' && !account.totpSecret)
        throw invalidParameter('User has not verified software token mfa');
      state[factor] = true;
      events.push({ type: MfaEnabled.type, payload: { userId, method: factor } });
    } else if (enable === false && state[factor]) {
      if (config.IDENTITY_MFA === 'required' && !state[factor === 'SMS_MFA' ? 'SOFTWARE_TOKEN_MFA' : 'SMS_MFA']) {
        throw invalidParameter('MFA is required for this user pool: keep at least one factor on.');
      }
      state[factor] = false;
      events.push({ type: MfaDisabled.type, payload: { userId, method: factor } });
    }
    if (s.PreferredMfa === true && preferred !== factor) preferred = factor;
    else if ((s.PreferredMfa === false || enable === false) && preferred === factor) preferred = null;
  }
  if (preferred !== account.preferredMfa) events.push({ type: PreferredMfaSet.type, payload: { userId, method: preferred } });
  return {
    account: { smsMfaEnabled: state.SMS_MFA, mfaEnabled: state.SOFTWARE_TOKEN_MFA, preferredMfa: preferred },
    events,
  };
}

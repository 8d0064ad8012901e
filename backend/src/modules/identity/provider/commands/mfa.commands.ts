import { Inject } from '@nestjs/common';
import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import type { Db } from '../../../../platform/database/database';
import {
  MfaDisabled,
  MfaEnabled,
  PreferredMfaSet,
  SoftwareTokenAssociated,
  SoftwareTokenVerified,
  type NewEvent,
} from '@sparkhouse/contracts';
import { APP_CONFIG, type AppConfig } from '../../../../platform/config/config';
import { IdentityProtocolError, invalidParameter, messages, notAuthorized } from '../domain/protocol-errors';
import { matchTotp, newTotpSecret } from '../domain/totp';
import { accounts, type Account, type MfaType } from '../infra/accounts.repository';
import { IdentityTokens } from '../infra/identity-tokens';
import { CommitThenFail, IdentityUnitOfWork } from '../infra/identity-unit-of-work';
import { RateLimiter } from '../infra/rate-limiter';
import { IdentityCommand } from '../infra/call-support';

export class AssociateSoftwareToken extends IdentityCommand<'AssociateSoftwareToken'> {}
export class VerifySoftwareToken extends IdentityCommand<'VerifySoftwareToken'> {}
export class SetUserMFAPreference extends IdentityCommand<'SetUserMFAPreference'> {}
export class SetUserSettings extends IdentityCommand<'SetUserSettings'> {}

/**
 * Whose software token a call sets up: the signed-in user (AccessToken), or the user in the middle
 * of an MFA_SETUP sign-in challenge (Session, answered with a fresh Session).
 */
async function caller(
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
function clientOf(session: string): string {
  try {
    const payload = JSON.parse(Buffer.from(session.split('.')[1] ?? '', 'base64url').toString('utf8')) as { client_id?: unknown };
    return typeof payload.client_id === 'string' ? payload.client_id : '';
  } catch {
    return '';
  }
}

/** A new secret waits as pending until a code from it is verified. */
@CommandHandler(AssociateSoftwareToken)
export class AssociateSoftwareTokenHandler implements ICommandHandler<AssociateSoftwareToken> {
  constructor(
    private readonly work: IdentityUnitOfWork,
    private readonly tokens: IdentityTokens,
  ) {}

  async execute({ input }: AssociateSoftwareToken) {
    return this.work.run(async (work) => {
      const { account, session } = await caller(this.tokens, work.em, input);
      const secret = newTotpSecret();
      await accounts.update(work.em, account.userId, { totpPendingSecret: secret });
      work.record(account.userId, { type: SoftwareTokenAssociated.type, payload: { userId: account.userId } });
      return { SecretCode: secret, ...(session ? { Session: session } : {}) };
    });
  }
}

@CommandHandler(VerifySoftwareToken)
export class VerifySoftwareTokenHandler implements ICommandHandler<VerifySoftwareToken> {
  constructor(
    private readonly work: IdentityUnitOfWork,
    private readonly tokens: IdentityTokens,
    private readonly limits: RateLimiter,
  ) {}

  async execute({ input, call }: VerifySoftwareToken) {
    return this.work.run(async (work) => {
      const { account, session } = await caller(this.tokens, work.em, input);
      const secret = account.totpPendingSecret;
      if (!secret) throw invalidParameter('User has not associated a software token.');
      await this.limits.assertSignInAllowed(account.email, call.address);
      const step = matchTotp(secret, input.UserCode, Date.now());
      if (step === null) {
        await this.limits.recordSignInFailure(account.email, call.address);
        throw new CommitThenFail(new IdentityProtocolError('EnableSoftwareTokenMFAException', 'Code mismatch'));
      }
      await accounts.update(work.em, account.userId, { totpSecret: secret, totpPendingSecret: null, totpLastStep: step });
      const deviceName = input.FriendlyDeviceName || 'My TOTP device';
      work.record(account.userId, { type: SoftwareTokenVerified.type, payload: { userId: account.userId, deviceName } });
      return { Status: 'SUCCESS', ...(session ? { Session: session } : {}) };
    });
  }
}

interface FactorSettings {
  Enabled?: boolean;
  PreferredMfa?: boolean;
}

/**
 * Turns factors on or off and sets the preferred one. SMS needs a verified phone number, TOTP a
 * verified software token; a preferred factor is turned on with it.
 */
@CommandHandler(SetUserMFAPreference)
export class SetUserMFAPreferenceHandler implements ICommandHandler<SetUserMFAPreference> {
  constructor(
    private readonly work: IdentityUnitOfWork,
    private readonly tokens: IdentityTokens,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  async execute({ input }: SetUserMFAPreference) {
    if (input.EmailMfaSettings !== undefined) throw invalidParameter('Email MFA is not supported by this user pool.');
    if (this.config.IDENTITY_MFA === 'off') throw invalidParameter('MFA is off for this user pool.');
    return this.work.run(async (work) => {
      const account = await this.tokens.authenticate(work.em, input.AccessToken, true);
      const changes = applyMfaSettings(
        account,
        { SMS_MFA: input.SMSMfaSettings, SOFTWARE_TOKEN_MFA: input.SoftwareTokenMfaSettings },
        this.config,
      );
      await accounts.update(work.em, account.userId, changes.account);
      if (changes.events.length) work.record(account.userId, ...changes.events);
      return {};
    });
  }
}

/** The older call: MFAOptions [{ DeliveryMedium: 'SMS', AttributeName: 'phone_number' }] turns SMS MFA on, [] off. */
@CommandHandler(SetUserSettings)
export class SetUserSettingsHandler implements ICommandHandler<SetUserSettings> {
  constructor(
    private readonly work: IdentityUnitOfWork,
    private readonly tokens: IdentityTokens,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  async execute({ input }: SetUserSettings) {
    const sms = input.MFAOptions.some((o) => o.DeliveryMedium === 'SMS');
    if (input.MFAOptions.some((o) => o.DeliveryMedium !== 'SMS' || (o.AttributeName ?? 'phone_number') !== 'phone_number')) {
      throw invalidParameter('Only SMS to the phone_number attribute is supported in MFAOptions.');
    }
    if (sms && this.config.IDENTITY_MFA === 'off') throw invalidParameter('MFA is off for this user pool.');
    return this.work.run(async (work) => {
      const account = await this.tokens.authenticate(work.em, input.AccessToken, true);
      const changes = applyMfaSettings(account, { SMS_MFA: { Enabled: sms } }, this.config);
      await accounts.update(work.em, account.userId, changes.account);
      if (changes.events.length) work.record(account.userId, ...changes.events);
      return {};
    });
  }
}

function applyMfaSettings(account: Account, settings: Partial<Record<MfaType, FactorSettings | undefined>>, config: AppConfig) {
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

import { randomUUID, timingSafeEqual } from 'node:crypto';
import { Inject, Injectable } from '@nestjs/common';
import { Database } from '../../../../platform/database/database';
import {
  parseSrpTimestamp,
  SignedIn,
  SignInFailed,
  srpServerEphemeral,
  srpServerSessionKey,
  srpSignature,
  UnknownUserAttempted,
} from '@sparkhouse/contracts';
import { APP_CONFIG, type AppConfig } from '../../../../platform/config/config';
import { accounts, type Account, type MfaType } from './accounts.repository';
import { ChallengeState } from './challenge-state';
import { CodeDelivery } from './code-delivery';
import { devices } from './devices.repository';
import { EmailOutbox } from '../../../../platform/mail/email-outbox';
import { IdentityTokens, type ChallengeContext, type ChallengeName } from './identity-tokens';
import { IdentityUnitOfWork, type Work } from './identity-unit-of-work';
import { PoolSecret } from './pool-secret';
import { RateLimiter } from './rate-limiter';
import { SrpCredentials } from './srp-credentials';
import { invalidParameter, messages, notAuthorized, resourceNotFound, userNotConfirmed } from '../domain/protocol-errors';
import { accountKey } from './call-support';
import { CUSTOM_CHALLENGE_HOOK, type ChallengeResult, type CustomChallengeHook } from './custom-challenge';

export type SignInMethod =
  'password' | 'srp' | 'software-token-mfa' | 'sms-mfa' | 'mfa-setup' | 'new-password' | 'device-srp' | 'custom-challenge';

/** What a sign-in step answers: tokens, or the next challenge. */
export interface StepAnswer {
  AuthenticationResult?: object;
  ChallengeName?: ChallengeName;
  Session?: string;
  ChallengeParameters: Record<string, string>;
}

/** The server's half of one SRP exchange, kept in ChallengeState until the client's claim arrives. */
interface SrpState {
  kind: 'password' | 'device';
  userId: string;
  /** The normalized username the attempt is counted against. */
  username: string;
  /** Whether userId is a real account (a stand-in answers exactly like one). */
  known: boolean;
  verifier: string;
  b: string;
  B: string;
  A: string;
  deviceKey?: string;
  deviceGroupKey?: string;
}

interface CustomState {
  userId: string;
  username: string;
  known: boolean;
  private: Record<string, string>;
}

/** The client's clock may be this far from ours in a signed TIMESTAMP. */
const CLOCK_SKEW_MS = 5 * 60 * 1000;
const MFA_FACTORS: MfaType[] = ['SMS_MFA', 'SOFTWARE_TOKEN_MFA'];

export const DEVICE_NOT_FOUND = 'Device does not exist.';

/**
 * Every step of a sign-in after the caller's input is read: SRP (PASSWORD_VERIFIER, device SRP),
 * the second factor (SMS, TOTP, choice, set-up), custom challenges, and the tokens at the end —
 * with a remembered device skipping MFA and a new device offered for tracking, as the hosted pool.
 *
 * A username without an account gets the same answers as one with (a stand-in's salt and user id,
 * the same SRP work, a failure recorded in the same kind of transaction), and then
 * "Incorrect username or password.".
 */
@Injectable()
export class SignInSteps {
  constructor(
    private readonly orm: Database,
    private readonly work: IdentityUnitOfWork,
    private readonly tokens: IdentityTokens,
    private readonly limits: RateLimiter,
    private readonly state: ChallengeState,
    private readonly secret: PoolSecret,
    private readonly srp: SrpCredentials,
    private readonly codes: CodeDelivery,
    private readonly outbox: EmailOutbox,
    @Inject(CUSTOM_CHALLENGE_HOOK) private readonly hook: CustomChallengeHook,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  // ---- the password, by SRP ---------------------------------------------------------------------

  /** USER_SRP_AUTH (or CUSTOM_AUTH with SRP_A): answers PASSWORD_VERIFIER with SRP_B, SALT and SECRET_BLOCK. */
  async beginPasswordVerifier(
    username: string,
    srpA: string,
    clientId: string,
    address: string,
    context: ChallengeContext,
  ): Promise<StepAnswer> {
    if (!username) throw invalidParameter('Username cannot be empty');
    const A = readSrpA(srpA);
    const key = accountKey(username);
    await this.limits.assertSignInAllowed(key, address);
    const account = key ? await accounts.byEmail(this.orm.em.fork(), key) : null;
    const real = account?.srpVerifier && account.srpSalt ? account : null;
    const who = real
      ? { userId: real.userId, srpSalt: real.srpSalt!, srpVerifier: real.srpVerifier! }
      : await this.secret.standIn(key || username.trim().toLowerCase());
    const { b, B } = await srpServerEphemeral(who.srpVerifier);
    const state: SrpState = {
      kind: 'password',
      userId: who.userId,
      username: key,
      known: real !== null,
      verifier: who.srpVerifier,
      b: b.toString(16),
      B: B.toString(16),
      A: A.toString(16),
    };
    const stateId = await this.state.put(state);
    return {
      ChallengeName: 'PASSWORD_VERIFIER',
      Session: await this.tokens.challenge(who, 'PASSWORD_VERIFIER', clientId, { ...context, state: stateId }),
      ChallengeParameters: {
        SALT: who.srpSalt,
        SRP_B: B.toString(16),
        SECRET_BLOCK: secretBlockOf(stateId),
        USERNAME: who.userId,
        USER_ID_FOR_SRP: who.userId,
      },
    };
  }

  /** PASSWORD_VERIFIER: the client's claim signature over the secret block and its timestamp. */
  async passwordVerifier(session: string, responses: Record<string, string>, clientId: string, address: string) {
    const { userId, context } = await this.tokens.readChallengeContext(session, ['PASSWORD_VERIFIER'], clientId);
    const claim = readClaim(responses);
    const state = context.state ? await this.state.get<SrpState>(context.state) : null;
    if (!state || state.kind !== 'password' || state.userId !== userId || secretBlockOf(context.state!) !== claim.secretBlock) {
      throw notAuthorized(messages.invalidSession);
    }
    await this.limits.assertSignInAllowed(state.username, address);
    const good = await this.checkClaim(state, this.srp.poolName, userId, claim);
    if (!good || !state.known) {
      await this.state.take(context.state!);
      await this.recordFailure(state.known ? userId : null, state.username, 'incorrect-password', address);
      throw notAuthorized(messages.incorrectCredentials);
    }
    const account = await accounts.byId(this.orm.em.fork(), userId);
    if (!account) throw notAuthorized(messages.incorrectCredentials);
    // a device the client remembers but the pool does not: the client forgets it and answers again
    const deviceKey = responses.DEVICE_KEY || undefined;
    if (deviceKey && !(await devices.find(this.orm.em.fork(), userId, deviceKey))) throw resourceNotFound(DEVICE_NOT_FOUND);
    if (!(await this.state.take(context.state!))) throw notAuthorized(messages.invalidSession);
    return this.afterPassword(account, clientId, { deviceKey, flow: context.flow }, 'srp');
  }

  /** After a correct password (by SRP or in plain): confirmation, a new password, custom challenges, then the factors. */
  async afterPassword(account: Account, clientId: string, context: ChallengeContext, method: SignInMethod) {
    if (account.status === 'UNCONFIRMED') throw userNotConfirmed('User is not confirmed.');
    await this.limits.clearSignInFailures(account.email);
    if (account.status === 'FORCE_CHANGE_PASSWORD') {
      return {
        ChallengeName: 'NEW_PASSWORD_REQUIRED' as const,
        Session: await this.tokens.challenge(account, 'NEW_PASSWORD_REQUIRED', clientId, { deviceKey: context.deviceKey }),
        ChallengeParameters: {
          USER_ID_FOR_SRP: account.userId,
          requiredAttributes: '[]',
          userAttributes: JSON.stringify({ email: account.email, ...account.attributes }),
        },
      };
    }
    if (context.flow === 'custom') {
      const history: ChallengeResult[] = [
        { challengeName: 'SRP_A', challengeResult: true },
        { challengeName: 'PASSWORD_VERIFIER', challengeResult: true },
      ];
      return this.customStep(account, account.email, true, history, clientId, context);
    }
    return this.afterFirstFactor(account, clientId, context, method);
  }

  // ---- second factor, device, tokens -----------------------------------------------------------

  /** What follows a first factor: device SRP for a remembered device (no MFA), else MFA, then device SRP or tokens. */
  async afterFirstFactor(
    account: Account,
    clientId: string,
    context: ChallengeContext,
    method: SignInMethod,
  ): Promise<StepAnswer> {
    const tracking = this.config.IDENTITY_DEVICE_TRACKING !== 'off';
    const device =
      tracking && context.deviceKey ? await devices.find(this.orm.em.fork(), account.userId, context.deviceKey) : null;
    if (device?.remembered) return this.deviceChallenge(account, clientId, { ...context, mfaDone: true });
    if (!context.mfaDone) {
      const step = await this.mfaStep(account, clientId, context);
      if (step) return step;
    }
    if (device) return this.deviceChallenge(account, clientId, context);
    return this.issueTokens(account, clientId, method, null, tracking);
  }

  /** The factors that can be asked now: SMS needs a verified phone number, TOTP a verified token. */
  enabledFactors(account: Account): MfaType[] {
    const sms = account.smsMfaEnabled && account.attributes.phone_number_verified === 'true' && !!account.attributes.phone_number;
    const totp = account.mfaEnabled && !!account.totpSecret;
    return MFA_FACTORS.filter((f) => (f === 'SMS_MFA' ? sms : totp));
  }

  private async mfaStep(account: Account, clientId: string, context: ChallengeContext): Promise<StepAnswer | null> {
    if (this.config.IDENTITY_MFA === 'off') return null;
    const factors = this.enabledFactors(account);
    const base = { USER_ID_FOR_SRP: account.userId };
    if (factors.length === 0) {
      if (this.config.IDENTITY_MFA !== 'required') return null;
      return {
        ChallengeName: 'MFA_SETUP',
        Session: await this.tokens.challenge(account, 'MFA_SETUP', clientId, context),
        ChallengeParameters: { ...base, MFAS_CAN_SETUP: JSON.stringify(['SOFTWARE_TOKEN_MFA']) },
      };
    }
    const chosen =
      account.preferredMfa && factors.includes(account.preferredMfa)
        ? account.preferredMfa
        : factors.length === 1
          ? factors[0]
          : null;
    if (!chosen) {
      return {
        ChallengeName: 'SELECT_MFA_TYPE',
        Session: await this.tokens.challenge(account, 'SELECT_MFA_TYPE', clientId, context),
        ChallengeParameters: { ...base, MFAS_CAN_CHOOSE: JSON.stringify(factors) },
      };
    }
    return this.mfaChallenge(account, chosen, clientId, context);
  }

  /** SOFTWARE_TOKEN_MFA, or SMS_MFA with a code texted (through the outbox) to the verified phone number. */
  async mfaChallenge(account: Account, factor: MfaType, clientId: string, context: ChallengeContext): Promise<StepAnswer> {
    if (!this.enabledFactors(account).includes(factor)) throw invalidParameter('Invalid MFA type');
    const Session = await this.tokens.challenge(account, factor, clientId, context);
    if (factor === 'SOFTWARE_TOKEN_MFA')
      return { ChallengeName: factor, Session, ChallengeParameters: { USER_ID_FOR_SRP: account.userId } };
    const delivery = await this.work.run((work) =>
      this.codes.send(work, account.userId, 'sms-mfa', account.attributes.phone_number),
    );
    return {
      ChallengeName: factor,
      Session,
      ChallengeParameters: {
        USER_ID_FOR_SRP: account.userId,
        CODE_DELIVERY_DELIVERY_MEDIUM: delivery.DeliveryMedium,
        CODE_DELIVERY_DESTINATION: delivery.Destination,
      },
    };
  }

  private async deviceChallenge(account: Account, clientId: string, context: ChallengeContext): Promise<StepAnswer> {
    return {
      ChallengeName: 'DEVICE_SRP_AUTH',
      Session: await this.tokens.challenge(account, 'DEVICE_SRP_AUTH', clientId, context),
      ChallengeParameters: { USERNAME: account.userId },
    };
  }

  /**
   * A new sign-in session and its tokens. Bound to `deviceKey` when it was made on a known device;
   * otherwise, with device tracking on, a new device key is offered (NewDeviceMetadata) and the
   * access token names it, so ConfirmDevice can tell it was issued to this user.
   */
  async issueTokens(account: Account, clientId: string, method: SignInMethod, deviceKey: string | null, offerDevice: boolean) {
    const newDevice = !deviceKey && offerDevice ? `${this.config.IDENTITY_USER_POOL_ID.split('_')[0]}_${randomUUID()}` : null;
    const group = newDevice ? await this.secret.deviceGroupKey(newDevice) : null;
    return this.work.run(async (work) => {
      const { sessionId, result } = await this.tokens.signIn(work.em, account, clientId, deviceKey ?? newDevice);
      const { userId } = account;
      work.record(userId, { type: SignedIn.type, payload: { userId, sessionId, method } });
      return {
        AuthenticationResult: newDevice
          ? { ...result, NewDeviceMetadata: { DeviceKey: newDevice, DeviceGroupKey: group } }
          : result,
        ChallengeParameters: {},
      };
    });
  }

  // ---- remembered devices: DEVICE_SRP_AUTH, DEVICE_PASSWORD_VERIFIER --------------------------------

  async beginDeviceVerifier(session: string, responses: Record<string, string>, clientId: string, address: string) {
    const { userId, context } = await this.tokens.readChallengeContext(session, ['DEVICE_SRP_AUTH'], clientId);
    const deviceKey = responses.DEVICE_KEY ?? '';
    if (!deviceKey) throw invalidParameter('Missing required parameter DEVICE_KEY');
    const A = readSrpA(responses.SRP_A ?? '');
    if (deviceKey !== context.deviceKey) throw resourceNotFound(DEVICE_NOT_FOUND);
    const em = this.orm.em.fork();
    const [device, account] = await Promise.all([devices.find(em, userId, deviceKey), accounts.byId(em, userId)]);
    if (!device || !account) throw resourceNotFound(DEVICE_NOT_FOUND);
    await this.limits.assertSignInAllowed(account.email, address);
    const { b, B } = await srpServerEphemeral(device.verifier);
    const state: SrpState = {
      kind: 'device',
      userId,
      username: account.email,
      known: true,
      verifier: device.verifier,
      b: b.toString(16),
      B: B.toString(16),
      A: A.toString(16),
      deviceKey,
      deviceGroupKey: device.deviceGroupKey,
    };
    const stateId = await this.state.put(state);
    return {
      ChallengeName: 'DEVICE_PASSWORD_VERIFIER' as const,
      Session: await this.tokens.challenge(account, 'DEVICE_PASSWORD_VERIFIER', clientId, { ...context, state: stateId }),
      ChallengeParameters: {
        SALT: device.salt,
        SRP_B: B.toString(16),
        SECRET_BLOCK: secretBlockOf(stateId),
        USERNAME: userId,
        DEVICE_KEY: deviceKey,
      },
    };
  }

  async deviceVerifier(session: string, responses: Record<string, string>, clientId: string, address: string) {
    const { userId, context } = await this.tokens.readChallengeContext(session, ['DEVICE_PASSWORD_VERIFIER'], clientId);
    const claim = readClaim(responses);
    const state = context.state ? await this.state.take<SrpState>(context.state) : null;
    if (!state || state.kind !== 'device' || state.userId !== userId || secretBlockOf(context.state!) !== claim.secretBlock) {
      throw notAuthorized(messages.invalidSession);
    }
    await this.limits.assertSignInAllowed(state.username, address);
    if (!(await this.checkClaim(state, state.deviceGroupKey!, state.deviceKey!, claim))) {
      await this.recordFailure(userId, state.username, 'device-verifier-mismatch', address);
      throw notAuthorized(messages.incorrectCredentials);
    }
    const em = this.orm.em.fork();
    const account = await accounts.byId(em, userId);
    if (!account || !(await devices.find(em, userId, state.deviceKey!))) throw resourceNotFound(DEVICE_NOT_FOUND);
    await devices.authenticated(em, state.deviceKey!, address);
    return this.issueTokens(account, clientId, 'device-srp', state.deviceKey!, false);
  }

  // ---- custom challenges ------------------------------------------------------------------------

  /** CUSTOM_AUTH without SRP_A: the hook's challenges alone (a username with no account gets a stand-in's). */
  async beginCustom(username: string, clientId: string, address: string): Promise<StepAnswer> {
    if (!username) throw invalidParameter('Username cannot be empty');
    const key = accountKey(username);
    await this.limits.assertSignInAllowed(key, address);
    const account = key ? await accounts.byEmail(this.orm.em.fork(), key) : null;
    if (account) {
      if (account.status === 'UNCONFIRMED') throw userNotConfirmed('User is not confirmed.');
      return this.customStep(account, key, true, [], clientId, { flow: 'custom' });
    }
    const standIn = await this.secret.standIn(key || username.trim().toLowerCase());
    const user = { userId: standIn.userId, email: key || username.trim().toLowerCase(), attributes: {} };
    return this.customStep(user, key, false, [], clientId, { flow: 'custom' });
  }

  async customAnswer(session: string, responses: Record<string, string>, clientId: string, address: string) {
    const { userId, context } = await this.tokens.readChallengeContext(session, ['CUSTOM_CHALLENGE'], clientId);
    const answer = responses.ANSWER ?? '';
    if (!answer) throw invalidParameter('Challenge response cannot be empty');
    const state = context.state ? await this.state.take<CustomState>(context.state) : null;
    if (!state || state.userId !== userId) throw notAuthorized(messages.invalidSession);
    await this.limits.assertSignInAllowed(state.username, address);
    const right = state.known && (await this.hook.verify(state.private, answer));
    const history: ChallengeResult[] = [
      ...(context.history ?? []).map(([challengeName, challengeResult]) => ({
        challengeName: challengeName as ChallengeResult['challengeName'],
        challengeResult,
      })),
      { challengeName: 'CUSTOM_CHALLENGE', challengeResult: right },
    ];
    if (!right) await this.recordFailure(state.known ? userId : null, state.username, 'custom-challenge-failed', address);
    const account = state.known ? await accounts.byId(this.orm.em.fork(), userId) : null;
    const user = account ?? { userId, email: state.username, attributes: {} };
    return this.customStep(user, state.username, state.known && !!account, history, clientId, context);
  }

  private async customStep(
    user: { userId: string; email: string; attributes: Record<string, string> },
    username: string,
    known: boolean,
    history: ChallengeResult[],
    clientId: string,
    context: ChallengeContext,
  ): Promise<StepAnswer> {
    const decision = this.hook.define(history);
    if (decision.issueTokens && known) {
      const account = await accounts.byId(this.orm.em.fork(), user.userId);
      if (account) {
        await this.limits.clearSignInFailures(account.email);
        const device = context.deviceKey ? await devices.find(this.orm.em.fork(), account.userId, context.deviceKey) : null;
        if (device) return this.deviceChallenge(account, clientId, { deviceKey: device.deviceKey, mfaDone: true });
        return this.issueTokens(account, clientId, 'custom-challenge', null, this.config.IDENTITY_DEVICE_TRACKING !== 'off');
      }
    }
    if (decision.issueTokens || decision.failAuthentication) throw notAuthorized(messages.incorrectCredentials);
    const created = await this.work.run(async (work) =>
      this.hook.create(user, history, {
        mail: async (message) => {
          // a stand-in is sent nothing
          if (known) work.mail(await this.outbox.write(work.em, message));
        },
      }),
    );
    const stateId = await this.state.put({
      userId: user.userId,
      username,
      known,
      private: created.privateChallengeParameters,
    } satisfies CustomState);
    const nextContext: ChallengeContext = {
      ...context,
      flow: 'custom',
      state: stateId,
      history: history.map((h) => [h.challengeName, h.challengeResult]),
    };
    return {
      ChallengeName: 'CUSTOM_CHALLENGE',
      Session: await this.tokens.challenge(user, 'CUSTOM_CHALLENGE', clientId, nextContext),
      ChallengeParameters: { ...created.publicChallengeParameters, USERNAME: user.userId },
    };
  }

  // ---- shared --------------------------------------------------------------------------------------

  private async checkClaim(state: SrpState, poolName: string, username: string, claim: Claim): Promise<boolean> {
    const signedAt = parseSrpTimestamp(claim.timestamp);
    if (!signedAt) throw invalidParameter('TIMESTAMP is not in the form "ddd MMM D HH:mm:ss UTC YYYY"');
    const key = await srpServerSessionKey(BigInt(`0x${state.A}`), BigInt(`0x${state.B}`), BigInt(`0x${state.b}`), state.verifier);
    const expected = key ? await srpSignature(key, poolName, username, claim.secretBlock, claim.timestamp) : '';
    const inTime = Math.abs(signedAt.getTime() - Date.now()) <= CLOCK_SKEW_MS;
    return inTime && expected !== '' && constantTimeEqual(expected, claim.signature);
  }

  /**
   * A failed attempt: counted against the username and the address, and recorded as an event in one
   * transaction — for a username without an account too, so both answers cost the same.
   */
  async recordFailure(userId: string | null, username: string, reason: FailureReason, address: string) {
    await this.limits.recordSignInFailure(username, address);
    const digest = userId ? null : await this.secret.usernameDigest(username);
    await this.work.run(async (work: Work) => {
      if (userId) work.record(userId, { type: SignInFailed.type, payload: { userId, reason } });
      else
        work.recordUnknown(digest!, {
          type: UnknownUserAttempted.type,
          payload: { usernameDigest: digest!, action: reason === 'custom-challenge-failed' ? 'custom-challenge' : 'sign-in' },
        });
    });
  }
}

type FailureReason =
  'incorrect-password' | 'device-verifier-mismatch' | 'custom-challenge-failed' | 'mfa-code-mismatch' | 'sms-mfa-code-mismatch';

interface Claim {
  signature: string;
  secretBlock: string;
  timestamp: string;
}

function readClaim(responses: Record<string, string>): Claim {
  for (const name of ['PASSWORD_CLAIM_SIGNATURE', 'PASSWORD_CLAIM_SECRET_BLOCK', 'TIMESTAMP']) {
    if (!responses[name]) throw invalidParameter(`Missing required parameter ${name}`);
  }
  return {
    signature: responses.PASSWORD_CLAIM_SIGNATURE,
    secretBlock: responses.PASSWORD_CLAIM_SECRET_BLOCK,
    timestamp: responses.TIMESTAMP,
  };
}

function readSrpA(hex: string): bigint {
  if (!hex) throw invalidParameter('Missing required parameter SRP_A');
  if (!/^[0-9a-f]{1,1024}$/i.test(hex)) throw invalidParameter('SRP_A must be a hexadecimal number');
  return BigInt(`0x${hex}`);
}

/** The SECRET_BLOCK the client echoes: the state id's bytes, base64 (opaque to the client). */
const secretBlockOf = (stateId: string) => Buffer.from(stateId, 'base64url').toString('base64');

function constantTimeEqual(a: string, b: string): boolean {
  const x = Buffer.from(a);
  const y = Buffer.from(b);
  return x.length === y.length && timingSafeEqual(x, y);
}

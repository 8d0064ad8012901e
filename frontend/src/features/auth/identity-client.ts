/**
 * A client for the identity provider at POST /api/identity, speaking the user-pool JSON protocol:
 * one endpoint, the action named in `X-Amz-Target`, errors as HTTP 400 `{ __type, message }`.
 */
import { identityProtocol, userPoolName } from '@sparkhouse/contracts/identity-protocol';

export const IDENTITY_ENDPOINT = identityProtocol.path;
const TARGET_PREFIX = identityProtocol.targetPrefix;
const CONTENT_TYPE = identityProtocol.contentType;

/** Error kinds raised before any request is sent (spec section 5, identity provider input errors). */
export const INPUT_ERRORS = {
  emptyUsername: 'Username cannot be empty',
  emptyPassword: 'Password cannot be empty',
  emptyCode: 'Confirmation code cannot be empty',
  emptyChallengeResponse: 'Challenge response cannot be empty',
} as const;

export class IdentityError extends Error {
  /** The provider's exception name (`NotAuthorizedException`), 'NetworkError', or an input error kind. */
  readonly code: string;

  constructor(code: string, message: string) {
    super(message);
    this.name = 'IdentityError';
    this.code = code;
  }
}

export const isIdentityError = (error: unknown, code?: string): error is IdentityError =>
  error instanceof IdentityError && (code === undefined || error.code === code);

export interface AttributeType {
  Name: string;
  Value: string;
}

export interface CodeDeliveryDetails {
  Destination?: string;
  DeliveryMedium?: 'EMAIL' | 'SMS';
  AttributeName?: string;
}

export interface AuthenticationResult {
  AccessToken: string;
  IdToken: string;
  /** Absent on a refresh that does not rotate the refresh token. */
  RefreshToken?: string;
  ExpiresIn?: number;
  TokenType?: string;
}

export type ChallengeName =
  | 'SMS_MFA'
  | 'SOFTWARE_TOKEN_MFA'
  | 'SELECT_MFA_TYPE'
  | 'MFA_SETUP'
  | 'NEW_PASSWORD_REQUIRED'
  | 'CUSTOM_CHALLENGE'
  | 'DEVICE_SRP_AUTH'
  | 'DEVICE_PASSWORD_VERIFIER'
  | 'PASSWORD_VERIFIER';

export interface InitiateAuthResponse {
  AuthenticationResult?: AuthenticationResult;
  ChallengeName?: ChallengeName;
  Session?: string;
  ChallengeParameters?: Record<string, string>;
}

export interface SignUpResponse {
  UserConfirmed: boolean;
  UserSub: string;
  CodeDeliveryDetails?: CodeDeliveryDetails;
}

export interface GetUserResponse {
  Username: string;
  UserAttributes: AttributeType[];
}

type FetchLike = (input: string, init: RequestInit) => Promise<Response>;

export interface IdentityClientOptions {
  clientId: string;
  /** `region_id`; its id part enters the SRP derivation (must match the provider's IDENTITY_USER_POOL_ID). */
  userPoolId?: string;
  endpoint?: string;
  /** Injected in tests; the global fetch otherwise (read at call time, so mocks apply). */
  fetch?: FetchLike;
}

function requireValue(value: string | undefined, kind: keyof typeof INPUT_ERRORS): void {
  if (!value || !value.trim()) throw new IdentityError(kind, INPUT_ERRORS[kind]);
}

/** Provider exception names may come namespaced (`prefix#NotAuthorizedException`). */
const exceptionName = (type: string) => type.slice(type.lastIndexOf('#') + 1);

export function createIdentityClient({
  clientId,
  userPoolId = identityProtocol.defaultUserPoolId,
  endpoint = IDENTITY_ENDPOINT,
  fetch: fetchImpl,
}: IdentityClientOptions) {
  let poolName: string;
  try {
    poolName = userPoolName(userPoolId);
  } catch {
    throw new IdentityError('invalidUserPoolId', 'Invalid UserPoolId format.');
  }

  async function send<T>(action: string, payload: object): Promise<T> {
    let response: Response;
    try {
      response = await (fetchImpl ?? (globalThis.fetch as FetchLike))(endpoint, {
        method: 'POST',
        headers: { 'Content-Type': CONTENT_TYPE, 'X-Amz-Target': TARGET_PREFIX + action },
        body: JSON.stringify(payload),
      });
    } catch (error) {
      throw new IdentityError('NetworkError', error instanceof Error ? error.message : 'Network error');
    }
    const text = await response.text().catch(() => '');
    let body: Record<string, unknown> = {};
    try {
      body = text ? (JSON.parse(text) as Record<string, unknown>) : {};
    } catch {
      /* a non-JSON answer (proxy error page): handled below */
    }
    if (!response.ok) {
      const type = typeof body.__type === 'string' ? exceptionName(body.__type) : `HTTP_${response.status}`;
      const message =
        typeof body.message === 'string' ? body.message : typeof body.Message === 'string' ? body.Message : 'An Error Occurred';
      throw new IdentityError(type, message);
    }
    return body as T;
  }

  return {
    signUp(username: string, password: string, attributes: Record<string, string> = {}) {
      requireValue(username, 'emptyUsername');
      requireValue(password, 'emptyPassword');
      return send<SignUpResponse>('SignUp', {
        ClientId: clientId,
        Username: username,
        Password: password,
        UserAttributes: Object.entries(attributes).map(([Name, Value]) => ({ Name, Value })),
      });
    },

    confirmSignUp(username: string, code: string) {
      requireValue(username, 'emptyUsername');
      requireValue(code, 'emptyCode');
      return send<object>('ConfirmSignUp', { ClientId: clientId, Username: username, ConfirmationCode: code.trim() });
    },

    resendConfirmationCode(username: string) {
      requireValue(username, 'emptyUsername');
      return send<{ CodeDeliveryDetails?: CodeDeliveryDetails }>('ResendConfirmationCode', {
        ClientId: clientId,
        Username: username,
      });
    },

    /**
     * Sign-in as the hosted pool's own clients do it (USER_SRP_AUTH): the password never leaves the
     * browser; the provider's PASSWORD_VERIFIER challenge is answered with a signature proving it.
     * Answers tokens, or the challenge that follows (MFA, new password).
     */
    async signInWithSrp(username: string, password: string): Promise<InitiateAuthResponse> {
      requireValue(username, 'emptyUsername');
      requireValue(password, 'emptyPassword');
      // the SRP arithmetic loads with the first sign-in, not with every page
      const { srpClientEphemeral, srpClientSessionKey, srpSignature, srpTimestamp } =
        await import('@sparkhouse/contracts/identity-srp');
      const { a, A } = srpClientEphemeral();
      const start = await send<InitiateAuthResponse>('InitiateAuth', {
        AuthFlow: 'USER_SRP_AUTH',
        ClientId: clientId,
        AuthParameters: { USERNAME: username, SRP_A: A.toString(16) },
      });
      const p = start.ChallengeParameters ?? {};
      if (start.ChallengeName !== 'PASSWORD_VERIFIER' || !p.SRP_B || !p.SALT || !p.SECRET_BLOCK || !p.USER_ID_FOR_SRP) {
        throw new IdentityError('UnexpectedResponse', 'Error logging in');
      }
      const userId = p.USER_ID_FOR_SRP;
      const key = await srpClientSessionKey({
        poolName,
        username: userId,
        password,
        saltHex: p.SALT,
        a,
        A,
        B: BigInt(`0x${p.SRP_B}`),
      });
      const timestamp = srpTimestamp(new Date());
      return send<InitiateAuthResponse>('RespondToAuthChallenge', {
        ChallengeName: 'PASSWORD_VERIFIER',
        ClientId: clientId,
        Session: start.Session,
        ChallengeResponses: {
          USERNAME: userId,
          PASSWORD_CLAIM_SECRET_BLOCK: p.SECRET_BLOCK,
          TIMESTAMP: timestamp,
          PASSWORD_CLAIM_SIGNATURE: await srpSignature(key, poolName, userId, p.SECRET_BLOCK, timestamp),
        },
      });
    },

    /** USER_PASSWORD_AUTH: the password itself is sent (over TLS). Kept for accounts made before SRP verifiers. */
    initiatePasswordAuth(username: string, password: string) {
      requireValue(username, 'emptyUsername');
      requireValue(password, 'emptyPassword');
      return send<InitiateAuthResponse>('InitiateAuth', {
        AuthFlow: 'USER_PASSWORD_AUTH',
        ClientId: clientId,
        AuthParameters: { USERNAME: username, PASSWORD: password },
      });
    },

    initiateRefreshAuth(refreshToken: string) {
      return send<InitiateAuthResponse>('InitiateAuth', {
        AuthFlow: 'REFRESH_TOKEN_AUTH',
        ClientId: clientId,
        AuthParameters: { REFRESH_TOKEN: refreshToken },
      });
    },

    /** NEW_PASSWORD_REQUIRED (answer: the new password) or SOFTWARE_TOKEN_MFA (answer: the 6-digit code). */
    respondToAuthChallenge(
      challenge: 'NEW_PASSWORD_REQUIRED' | 'SOFTWARE_TOKEN_MFA',
      username: string,
      session: string | undefined,
      answer: string,
    ) {
      requireValue(answer, 'emptyChallengeResponse');
      const responses =
        challenge === 'NEW_PASSWORD_REQUIRED'
          ? { USERNAME: username, NEW_PASSWORD: answer }
          : { USERNAME: username, SOFTWARE_TOKEN_MFA_CODE: answer.trim() };
      return send<InitiateAuthResponse>('RespondToAuthChallenge', {
        ClientId: clientId,
        ChallengeName: challenge,
        Session: session,
        ChallengeResponses: responses,
      });
    },

    forgotPassword(username: string) {
      requireValue(username, 'emptyUsername');
      return send<{ CodeDeliveryDetails?: CodeDeliveryDetails }>('ForgotPassword', { ClientId: clientId, Username: username });
    },

    confirmForgotPassword(username: string, code: string, password: string) {
      requireValue(username, 'emptyUsername');
      requireValue(code, 'emptyCode');
      requireValue(password, 'emptyPassword');
      return send<object>('ConfirmForgotPassword', {
        ClientId: clientId,
        Username: username,
        ConfirmationCode: code.trim(),
        Password: password,
      });
    },

    changePassword(accessToken: string, previousPassword: string, proposedPassword: string) {
      requireValue(proposedPassword, 'emptyPassword');
      return send<object>('ChangePassword', {
        AccessToken: accessToken,
        PreviousPassword: previousPassword,
        ProposedPassword: proposedPassword,
      });
    },

    getUser(accessToken: string) {
      return send<GetUserResponse>('GetUser', { AccessToken: accessToken });
    },

    deleteUser(accessToken: string) {
      return send<object>('DeleteUser', { AccessToken: accessToken });
    },

    globalSignOut(accessToken: string) {
      return send<object>('GlobalSignOut', { AccessToken: accessToken });
    },
  };
}

export type IdentityClient = ReturnType<typeof createIdentityClient>;

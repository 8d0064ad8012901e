// Signed-in members for a benchmark, as a person becomes one: sign-up through the identity protocol,
// the confirmation code from the email outbox, sign-in (a real session, so the API checks it is live).
import jwt from 'jsonwebtoken';
import { sleep } from './harness.mjs';

const CLIENT_ID = 'sparkhouse-web';
const PASSWORD = 'correct horse battery staple';

async function identity(baseUrl, action, body) {
  const res = await fetch(`${baseUrl}/api/identity`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-amz-json-1.1', 'x-amz-target': `AWSCognitoIdentityProviderService.${action}` },
    body: JSON.stringify(body),
  });
  const text = await res.text();
  if (!res.ok) throw new Error(`${action} answered ${res.status}: ${text.slice(0, 200)}`);
  return JSON.parse(text);
}

/**
 * A confirmed, signed-in member: { email, token, userId }. `pg` is a connected pg.Client on the API's
 * database; `familyName` names them (given name "Bench").
 */
export async function signedInMember(baseUrl, pg, email, { familyName = 'Member' } = {}) {
  await identity(baseUrl, 'SignUp', {
    ClientId: CLIENT_ID,
    Username: email,
    Password: PASSWORD,
    UserAttributes: [
      { Name: 'given_name', Value: 'Bench' },
      { Name: 'family_name', Value: familyName },
    ],
  });
  let code = null;
  for (let i = 0; i < 200 && !code; i++) {
    const { rows } = await pg.query(
      'select code from email_outbox where to_address = $1 and code is not null order by id desc limit 1',
      [email],
    );
    code = rows[0]?.code ?? null;
    if (!code) await sleep(50);
  }
  if (!code) throw new Error(`no confirmation code for ${email}`);
  await identity(baseUrl, 'ConfirmSignUp', { ClientId: CLIENT_ID, Username: email, ConfirmationCode: code });
  const auth = await identity(baseUrl, 'InitiateAuth', {
    AuthFlow: 'USER_PASSWORD_AUTH',
    ClientId: CLIENT_ID,
    AuthParameters: { USERNAME: email, PASSWORD },
  });
  const token = auth.AuthenticationResult.AccessToken;
  return { email, token, userId: jwt.decode(token).sub };
}

/** An access token for `claims` signed with the API's newest key (as a sign-in would get). */
export async function accessToken(pg, issuer, claims) {
  const { rows } = await pg.query(
    'select kid, private_key_pem from signing_key where retired_at is null order by created_at desc limit 1',
  );
  if (!rows[0]) throw new Error('the API has no signing key yet (sign someone in first)');
  return jwt.sign({ ...claims, token_use: 'access' }, rows[0].private_key_pem, {
    algorithm: 'RS256',
    keyid: rows[0].kid,
    expiresIn: 3600,
    issuer,
  });
}

/** An admin's access token signed with the API's newest key (as an admin's sign-in would get). */
export function adminToken(pg, issuer) {
  return accessToken(pg, issuer, { sub: 'bench-admin', email: 'admin@bench.local', 'cognito:groups': ['admin'] });
}

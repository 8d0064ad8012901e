import { Database } from '../../../../platform/database/database';
import { useTestApi } from '../../../../test-support';
import { CLIENT_ID, latestCode, rawCall } from '../test/identity-test-kit';
import { passwordAuth, signUpConfirmed } from '../test/identity-flows';

describe('identity provider limits: sign-in and code requests, code expiry, single use, attempts', () => {
  const server = useTestApi({
    IDENTITY_SIGNIN_FAILURES_PER_ACCOUNT: '3',
    IDENTITY_SIGNIN_FAILURES_PER_ADDRESS: '5',
    IDENTITY_RESETS_PER_ACCOUNT: '2',
  });

  const sql = (q: string, params: unknown[] = []) => server.app.get(Database).em.fork().getConnection().execute(q, params);
  const from = (address: string) => ({ 'x-forwarded-for': address });

  it('refuses sign-in after N failures per account, even with the right password', async () => {
    await signUpConfirmed(server.base, 'victim@example.com', 'right password');
    for (let i = 0; i < 3; i++) {
      const res = await passwordAuth(server.base, 'victim@example.com', 'wrong password', from(`10.0.0.${i + 1}`));
      expect(res.body.__type).toBe('NotAuthorizedException');
    }
    const blocked = await passwordAuth(server.base, 'victim@example.com', 'right password', from('10.0.0.9'));
    expect(blocked).toMatchObject({ status: 400, errorType: 'TooManyRequestsException' });
    const failures = await sql(`select count(*)::int as n from domain_event where type = 'SignInFailed'`);
    expect(failures[0].n).toBe(3);
  });

  it('refuses sign-in after N failures per client address, across accounts', async () => {
    await signUpConfirmed(server.base, 'bystander@example.com', 'right password');
    for (let i = 0; i < 5; i++) {
      const res = await passwordAuth(server.base, `guess${i}@example.com`, 'wrong password', from('10.1.1.1'));
      expect(res.body.__type).toBe('NotAuthorizedException');
    }
    const blocked = await passwordAuth(server.base, 'bystander@example.com', 'right password', from('10.1.1.1'));
    expect(blocked.body.__type).toBe('TooManyRequestsException');
    const elsewhere = await passwordAuth(server.base, 'bystander@example.com', 'right password', from('10.1.1.2'));
    expect(elsewhere.status).toBe(200);
  });

  it('limits password-reset requests per account', async () => {
    await signUpConfirmed(server.base, 'forgetful@example.com', 'right password');
    const ask = () => rawCall(server.base, 'ForgotPassword', { ClientId: CLIENT_ID, Username: 'forgetful@example.com' });
    expect((await ask()).status).toBe(200);
    expect((await ask()).status).toBe(200);
    expect((await ask()).body.__type).toBe('TooManyRequestsException');
  });

  it('expires codes, uses them once, and stops after 5 wrong attempts', async () => {
    const up = await rawCall(server.base, 'SignUp', {
      ClientId: CLIENT_ID,
      Username: 'coder@example.com',
      Password: 'right password',
    });
    const userId = (up.body as unknown as { UserSub: string }).UserSub;
    const confirm = (code: string) =>
      rawCall(server.base, 'ConfirmSignUp', { ClientId: CLIENT_ID, Username: 'coder@example.com', ConfirmationCode: code });
    const code = await latestCode(server.base, 'coder@example.com');
    const wrong = code === '000000' ? '999999' : '000000';

    await sql(`update identity_code set expires_at = now() - interval '1 second' where user_id = ?`, [userId]);
    expect((await confirm(code)).body).toEqual({
      __type: 'ExpiredCodeException',
      message: 'Invalid code provided, please request a code again.',
    });

    expect(
      (await rawCall(server.base, 'ResendConfirmationCode', { ClientId: CLIENT_ID, Username: 'coder@example.com' })).status,
    ).toBe(200);
    const second = await latestCode(server.base, 'coder@example.com');
    const wrong2 = second === '000000' ? '999999' : '000000';
    for (let i = 0; i < 5; i++) expect((await confirm(wrong2)).body.__type).toBe('CodeMismatchException');
    expect((await confirm(second)).body).toEqual({
      __type: 'LimitExceededException',
      message: 'Attempt limit exceeded, please try after some time.',
    });
    const [row] = await sql('select attempts, code_hash from identity_code where user_id = ?', [userId]);
    expect(row.attempts).toBe(5);
    expect(row.code_hash).not.toContain(second);

    expect(
      (await rawCall(server.base, 'ResendConfirmationCode', { ClientId: CLIENT_ID, Username: 'coder@example.com' })).status,
    ).toBe(200);
    const third = await latestCode(server.base, 'coder@example.com');
    expect((await confirm(third)).status).toBe(200);
    expect((await confirm(third)).body.__type).toBe('NotAuthorizedException'); // already confirmed
    expect(wrong).toMatch(/^\d{6}$/);
  });
});

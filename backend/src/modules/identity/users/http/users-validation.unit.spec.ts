import { describeIssue, users } from '@sparkhouse/contracts';
import type { z } from 'zod';

/** The messages a caller sees: the first issue per field, as the HTTP layer words them. */
function messages(schema: z.ZodType, input: unknown): string[] {
  const r = schema.safeParse(input);
  return r.success ? [] : r.error.issues.map((i) => describeIssue(i.path, i.message));
}

const INVALID = "This email address looks invalid. If we're wrong, please contact support.";
const ok = { userId: 'u1', firstName: 'Ada', lastName: 'Lovelace', email: 'ada@example.com' };

describe('users contract validation (spec 5)', () => {
  const create = users.createUserForm.body!;

  it('requires names, at most 20 characters, with the product wording', () => {
    expect(messages(create, { ...ok, firstName: undefined })).toEqual(['You must provide a first name.']);
    expect(messages(create, { ...ok, firstName: '   ' })).toEqual(['You must provide a first name.']);
    expect(messages(create, { ...ok, firstName: 'x'.repeat(21) })).toEqual([
      "First name can't be longer than 20 characters long",
    ]);
    expect(messages(create, { ...ok, firstName: 'x'.repeat(20) })).toEqual([]);
    expect(messages(create, { ...ok, lastName: '' })).toEqual(['You must provide a last name.']);
    expect(messages(create, { ...ok, lastName: 'y'.repeat(21) })).toEqual(["Last name can't be longer than 20 characters long"]);
  });

  it('requires an email of the form non-space@non-space.non-space and lower-cases it', () => {
    expect(messages(create, { ...ok, email: undefined })).toEqual(['You must provide an email.']);
    expect(messages(create, { ...ok, email: '' })).toEqual(['You must provide an email.']);
    for (const email of ['ada', 'ada@example', 'a da@example.com', 'ada@exa mple.com']) {
      expect(messages(create, { ...ok, email })).toEqual([INVALID]);
    }
    expect(create.parse({ ...ok, email: ' Ada@Example.COM ' }).email).toBe('ada@example.com');
  });

  it('names other fields plainly', () => {
    expect(messages(users.createUser.body!, { ...ok, isSocialSignIn: 'yes' })).toEqual(['isSocialSignIn must be a boolean']);
    expect(messages(users.linkAuthUserWithAnonymousUserId.body!, { anonymousUserId: 'x' })).toEqual([
      "anonymousUserId must look like 'anon_<id>'",
    ]);
    expect(messages(users.saveLastSeenOfferInfo.body!, { offer_key: 'spring', exp_date_seen: true, offer_last_seen: 1 })).toEqual(
      ['exp_date_seen must be a date string or a timestamp'],
    );
  });

  it('splits comma-separated lead tags', () => {
    expect(users.collectEmail.body!.parse({ email: 'a@b.co', extraTags: 'x, y,,z' }).extraTags).toEqual(['x', 'y', 'z']);
    expect(users.collectEmail.body!.parse({ email: 'a@b.co' }).extraTags).toEqual([]);
  });
});

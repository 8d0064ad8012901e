import { invalidParameter } from './protocol-errors';

/** Standard attributes a user may set on themself, plus any `custom:` one. */
const MUTABLE = new Set([
  'given_name',
  'family_name',
  'name',
  'middle_name',
  'nickname',
  'preferred_username',
  'picture',
  'locale',
  'zoneinfo',
  'birthdate',
  'gender',
  'website',
  'profile',
]);
const NAME_LIMIT = 20;
/** E.164, as the hosted pool takes phone numbers: +, country code, subscriber number. */
const PHONE = /^\+[1-9]\d{6,14}$/;

/**
 * Splits given attributes into the email (handled by its own rules) and the stored profile
 * attributes; refuses the immutable and unknown ones and over-long names.
 */
export function readAttributes(list: { Name: string; Value: string }[]): { email?: string; profile: Record<string, string> } {
  const profile: Record<string, string> = {};
  let email: string | undefined;
  for (const { Name, Value } of list) {
    if (Name === 'email') email = Value;
    else if (Name === 'phone_number') {
      if (Value !== '' && !PHONE.test(Value)) throw invalidParameter('Invalid phone number format.');
      profile[Name] = Value;
    } else if (Name === 'sub' || Name === 'email_verified' || Name === 'phone_number_verified')
      throw invalidParameter(`Cannot modify the non-mutable attribute ${Name}`);
    else if (MUTABLE.has(Name) || /^custom:[\w-]{1,20}$/.test(Name)) profile[Name] = Value;
    else throw invalidParameter(`Attribute does not exist in the schema: ${Name}`);
  }
  for (const [name, label] of [
    ['given_name', 'First name'],
    ['family_name', 'Last name'],
  ] as const) {
    if ((profile[name] ?? '').length > NAME_LIMIT) throw invalidParameter(`${label} can't be longer than 20 characters long`);
  }
  return { email, profile };
}

export function attributeList(a: { userId: string; email: string; emailVerified: boolean; attributes: Record<string, string> }) {
  return [
    { Name: 'sub', Value: a.userId },
    { Name: 'email', Value: a.email },
    { Name: 'email_verified', Value: String(a.emailVerified) },
    ...Object.entries(a.attributes).map(([Name, Value]) => ({ Name, Value })),
  ];
}

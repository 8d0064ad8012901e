import { invalidParameter } from '../domain/protocol-errors';

/* What the user-attribute calls share: the attributes a user may not delete, and those a code verifies. */

export const verifiable = (name: string): 'email' | 'phone_number' => {
  if (name !== 'email' && name !== 'phone_number') {
    throw invalidParameter(`Only the email and phone_number attributes can be verified, not ${name.slice(0, 64)}`);
  }
  return name;
};

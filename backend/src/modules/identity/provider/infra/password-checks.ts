import { passwordPolicyViolation } from '../domain/password-policy';
import { invalidPassword } from '../domain/protocol-errors';

/** A new password meets the pool's policy, or the call is refused (InvalidPasswordException). */
export function assertPolicy(password: string) {
  const violation = passwordPolicyViolation(password);
  if (violation) throw invalidPassword(violation);
}

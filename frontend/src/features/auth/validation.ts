import type { EmailCheckInfo } from '../../api/users-api';
/**
 * Every validation rule of the auth forms (spec sections 5, 8 and 9), as pure functions.
 * Each returns the spec's exact message, or null when the value passes.
 */
export const NAME_MAX_LENGTH = 20;
export const PASSWORD_MIN_LENGTH = 8;
/** At or below this score the email check asks the user to double-check once. */
export const EMAIL_SCORE_THRESHOLD = 0.25;

export const MESSAGES = {
  emailRequired: 'You must provide an email.',
  emailInvalid: "This email address looks invalid. If we're wrong, please contact support.",
  socialEmailInvalid: 'Please enter a valid email address',
  entryEmailEmpty: 'Please input an email',
  entryEmailInvalid: 'Invalid email',
  firstNameRequired: 'You must provide a first name.',
  firstNameTooLong: "First name can't be longer than 20 characters long",
  lastNameRequired: 'You must provide a last name.',
  lastNameTooLong: "Last name can't be longer than 20 characters long",
  signUpPasswordRequired: 'You must provide a password.',
  passwordTooShort: 'Password must be at least 8 characters long.',
  passwordEdgeSpace: 'Password cannot begin or end with a space.',
  loginPassword: 'Passwords must be at least 8 characters long.',
  resetEmailRequired: 'Please input an email.',
  resetCodeRequired: 'Please input the verification code from your email.',
  emailLooksUnusual: 'Make sure to check that your email is correct before continuing.',
  emailNotFormatted: 'Email is not formatted correctly.',
  loginFallback: 'Error logging in',
  fetchFailure: 'There was an error logging in / creating you account. Please try again later or contact us.',
  signUpFailed: 'There was a problem creating your account. Please try logging in if you already have an account.',
  unknownResetUser: 'Could not find a user with that email...',
  verifyEmailFailed: 'Unable to verify email. Please try again.',
  socialFailed: 'Error signing in with Google/Apple. Please try again.',
  waitlistFailed: 'Failed to add to waitlist',
} as const;

export const emailSuggestionMessage = (suggestion: string) => `For your email, did you mean to use ${suggestion}?`;

/** Non-space, @, non-space, dot, non-space. */
const EMAIL_PATTERN = /^\S+@\S+\.\S+$/;

export const normalizeEmail = (email: string) => email.trim().toLowerCase();
export const isEmailFormatted = (email: string) => EMAIL_PATTERN.test(email.trim());

type Rule = (value: string) => string | null;

/** Create account and the other full forms. */
export const validateEmail: Rule = (email) => {
  if (!email.trim()) return MESSAGES.emailRequired;
  return isEmailFormatted(email) ? null : MESSAGES.emailInvalid;
};

/** The "Get Started" email entry. */
export const validateEntryEmail: Rule = (email) => {
  if (!email.trim()) return MESSAGES.entryEmailEmpty;
  return isEmailFormatted(email) ? null : MESSAGES.entryEmailInvalid;
};

/** The email field of the social sign-up form. */
export const validateSocialEmail: Rule = (email) => (isEmailFormatted(email) ? null : MESSAGES.socialEmailInvalid);

export const validateFirstName: Rule = (name) => {
  if (!name.trim()) return MESSAGES.firstNameRequired;
  return name.trim().length > NAME_MAX_LENGTH ? MESSAGES.firstNameTooLong : null;
};

export const validateLastName: Rule = (name) => {
  if (!name.trim()) return MESSAGES.lastNameRequired;
  return name.trim().length > NAME_MAX_LENGTH ? MESSAGES.lastNameTooLong : null;
};

/** Sign-up password: required, then the password policy. */
export const validateSignUpPassword: Rule = (password) => {
  if (!password) return MESSAGES.signUpPasswordRequired;
  return validatePasswordPolicy(password);
};

/** The policy a new password must meet (sign-up, reset, new-password challenge). */
export const validatePasswordPolicy: Rule = (password) => {
  if (password.length < PASSWORD_MIN_LENGTH) return MESSAGES.passwordTooShort;
  if (password !== password.trim()) return MESSAGES.passwordEdgeSpace;
  return null;
};

export const validateLoginPassword: Rule = (password) => (password.length < PASSWORD_MIN_LENGTH ? MESSAGES.loginPassword : null);

export const validateResetEmail: Rule = (email) => {
  if (!email.trim()) return MESSAGES.resetEmailRequired;
  return isEmailFormatted(email) ? null : MESSAGES.emailInvalid;
};

export const validateResetCode: Rule = (code) => (code.trim() ? null : MESSAGES.resetCodeRequired);

/** Reset's new password: at least 8 characters (the spec gives no wording, the policy's is used). */
export const validateResetNewPassword: Rule = validatePasswordPolicy;

export type FieldErrors<K extends string> = Partial<Record<K, string>>;

/** Runs one rule per field; returns only the failing ones. */
export function validateFields<K extends string>(values: Record<K, string>, rules: Record<K, Rule>): FieldErrors<K> {
  const errors: FieldErrors<K> = {};
  for (const key of Object.keys(rules) as K[]) {
    const message = rules[key](values[key] ?? '');
    if (message) errors[key] = message;
  }
  return errors;
}

export const hasErrors = (errors: object) => Object.keys(errors).length > 0;

export type EmailCheckWarning =
  { kind: 'suggestion'; message: string; suggestion: string } | { kind: 'low-score'; message: string };

/**
 * The warning to show before continuing, or null to continue. A suggestion is shown each time it
 * differs from the typed address; the low-score warning shows once per address (`alreadyWarned`).
 */
export function emailCheckWarning(email: string, info: EmailCheckInfo | null, alreadyWarned: boolean): EmailCheckWarning | null {
  if (!info || alreadyWarned) return null;
  const suggestion = info.suggestion?.trim().toLowerCase();
  if (suggestion && suggestion !== normalizeEmail(email)) {
    return { kind: 'suggestion', suggestion, message: emailSuggestionMessage(suggestion) };
  }
  if (typeof info.score === 'number' && info.score <= EMAIL_SCORE_THRESHOLD) {
    return { kind: 'low-score', message: MESSAGES.emailLooksUnusual };
  }
  return null;
}

import {
  emailCheckWarning,
  normalizeEmail,
  validateEmail,
  validateEntryEmail,
  validateFirstName,
  validateLastName,
  validateLoginPassword,
  validatePasswordPolicy,
  validateResetCode,
  validateResetEmail,
  validateResetNewPassword,
  validateSignUpPassword,
  validateSocialEmail,
} from './validation';

describe('auth validation messages (spec section 5)', () => {
  it('email on the full forms: required, then pattern', () => {
    expect(validateEmail('')).toBe('You must provide an email.');
    expect(validateEmail('   ')).toBe('You must provide an email.');
    expect(validateEmail('ada@example')).toBe("This email address looks invalid. If we're wrong, please contact support.");
    expect(validateEmail('ada @example.com')).toBe("This email address looks invalid. If we're wrong, please contact support.");
    expect(validateEmail('ada@example.com')).toBeNull();
  });

  it('email entry form: empty, then bad format', () => {
    expect(validateEntryEmail('')).toBe('Please input an email');
    expect(validateEntryEmail('nope')).toBe('Invalid email');
    expect(validateEntryEmail('a@b.co')).toBeNull();
  });

  it('social form email', () => {
    expect(validateSocialEmail('')).toBe('Please enter a valid email address');
    expect(validateSocialEmail('x@y')).toBe('Please enter a valid email address');
    expect(validateSocialEmail('x@y.z')).toBeNull();
  });

  it('first and last names: required, at most 20', () => {
    expect(validateFirstName('')).toBe('You must provide a first name.');
    expect(validateFirstName('A'.repeat(21))).toBe("First name can't be longer than 20 characters long");
    expect(validateFirstName('A'.repeat(20))).toBeNull();
    expect(validateLastName(' ')).toBe('You must provide a last name.');
    expect(validateLastName('B'.repeat(21))).toBe("Last name can't be longer than 20 characters long");
    expect(validateLastName('Lovelace')).toBeNull();
  });

  it('sign-up password: required, then the password policy', () => {
    expect(validateSignUpPassword('')).toBe('You must provide a password.');
    expect(validateSignUpPassword('short')).toBe('Password must be at least 8 characters long.');
    expect(validateSignUpPassword(' spaced-out')).toBe('Password cannot begin or end with a space.');
    expect(validateSignUpPassword('spaced-out ')).toBe('Password cannot begin or end with a space.');
    expect(validateSignUpPassword('correct horse')).toBeNull();
    expect(validatePasswordPolicy('12345678')).toBeNull();
  });

  it('login password: at least 8', () => {
    expect(validateLoginPassword('')).toBe('Passwords must be at least 8 characters long.');
    expect(validateLoginPassword('1234567')).toBe('Passwords must be at least 8 characters long.');
    expect(validateLoginPassword('12345678')).toBeNull();
  });

  it('reset password steps', () => {
    expect(validateResetEmail('')).toBe('Please input an email.');
    expect(validateResetCode('  ')).toBe('Please input the verification code from your email.');
    expect(validateResetCode('123456')).toBeNull();
    expect(validateResetNewPassword('1234567')).toBe('Password must be at least 8 characters long.');
    expect(validateResetNewPassword('12345678')).toBeNull();
  });

  it('emails are trimmed and lowercased', () => {
    expect(normalizeEmail('  Ada@Example.COM ')).toBe('ada@example.com');
  });
});

describe('email check warnings', () => {
  it('suggests the server suggestion', () => {
    expect(emailCheckWarning('ada@gmial.com', { suggestion: 'ada@gmail.com', score: 0.9 }, false)).toEqual({
      kind: 'suggestion',
      suggestion: 'ada@gmail.com',
      message: 'For your email, did you mean to use ada@gmail.com?',
    });
  });

  it('warns on a score of at most 0.25, once', () => {
    const warning = { kind: 'low-score', message: 'Make sure to check that your email is correct before continuing.' };
    expect(emailCheckWarning('x@qq.zz', { suggestion: null, score: 0.25 }, false)).toEqual(warning);
    expect(emailCheckWarning('x@qq.zz', { suggestion: null, score: 0.1 }, true)).toBeNull();
    expect(emailCheckWarning('x@qq.zz', { suggestion: null, score: 0.26 }, false)).toBeNull();
  });

  it('continues when there is nothing to say', () => {
    expect(emailCheckWarning('ada@gmail.com', null, false)).toBeNull();
    expect(emailCheckWarning('ada@gmail.com', { suggestion: 'ada@gmail.com', score: 1 }, false)).toBeNull();
  });
});

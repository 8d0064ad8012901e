/** The auth modal's form states (spec section 4). */
export type AuthView = 'Email' | 'SocialSignUp' | 'CreateAccount' | 'Login' | 'ResetPassword' | 'JoinWaitlist';

export const AUTH_VIEW_TITLES: Record<AuthView, string> = {
  Email: 'Get Started',
  SocialSignUp: 'Sign up to continue',
  CreateAccount: 'Create your account',
  Login: 'Log in',
  ResetPassword: 'Reset your password',
  JoinWaitlist: 'Join the waitlist',
};

export interface OpenAuthOptions {
  /** Prefill the email field. */
  email?: string;
  /** JoinWaitlist: the class the visitor is waiting for. */
  waitlistFor?: { classSlug: string; title?: string };
}

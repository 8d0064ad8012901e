/**
 * The build-time settings of the auth feature, read in one place (jest cannot parse
 * `import.meta`, so tests mock this module).
 */
export const authEnv = {
  /** Development build: the code step may point at the local mail outbox. */
  dev: import.meta.env.DEV,
  /** The user-pool app client the identity provider expects. */
  identityClientId: (import.meta.env.VITE_IDENTITY_CLIENT_ID as string | undefined) ?? 'sparkhouse-web',
  /** The user pool id (`region_id`), part of every SRP sign-in: the provider's IDENTITY_USER_POOL_ID. */
  identityUserPoolId: (import.meta.env.VITE_IDENTITY_USER_POOL_ID as string | undefined) ?? 'us-east-2_sparkhouse',
};

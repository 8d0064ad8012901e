import type { EventDefinition } from './envelope';

/** Facts of the identity provider (accounts, sign-in, codes, tokens). Stream: `account-<userId>`. */
export const identityProviderEvents: readonly EventDefinition[] = [];

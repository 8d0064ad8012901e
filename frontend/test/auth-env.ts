/** The auth feature's build-time settings under jest (which cannot parse `import.meta`). */
export const authEnv = { dev: false, identityClientId: 'sparkhouse-web', identityUserPoolId: 'us-east-2_sparkhouse' };

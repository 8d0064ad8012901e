import '@testing-library/jest-dom';

// jsdom lacks Web Crypto's subtle and TextEncoder, which the SRP sign-in (contracts/identity-srp) uses
import { webcrypto } from 'node:crypto';
import { TextEncoder as NodeTextEncoder } from 'node:util';

if (!globalThis.crypto?.subtle) Object.defineProperty(globalThis, 'crypto', { value: webcrypto, configurable: true });
// writable, so specs that polyfill it themselves (catalogue/testing/dom-polyfills) can still assign it
if (!globalThis.TextEncoder) {
  Object.defineProperty(globalThis, 'TextEncoder', { value: NodeTextEncoder, configurable: true, writable: true });
}

// findBy*/waitFor wait for the component's own signal; on a busy CI machine the first render of a
// file (cold module graph, fetch mocks resolving) can take longer than testing-library's 1 s default
import { configure } from '@testing-library/react';

configure({ asyncUtilTimeout: 15_000 });

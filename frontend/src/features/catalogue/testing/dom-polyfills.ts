// jsdom lacks TextEncoder/TextDecoder, which react-router reads when it loads. Import this first
// in a spec that renders routes (the shared test setup is not the catalogue's to change).
import { TextDecoder, TextEncoder } from 'node:util';

Object.assign(globalThis, { TextEncoder, TextDecoder });

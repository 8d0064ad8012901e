import './zod-messages';
export * from './http';
export * from './jobs';
export * from './realtime';
export * from './constants';
export * from './events';
export * from './api';
export * from './identity-protocol';
export { describeIssue } from './zod-messages';

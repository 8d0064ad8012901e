declare module 'virtual:call-routes' {
  import type { CallRoute } from '@sparkhouse/contracts/call-routes';
  /** Namespace -> export name -> route of every call declared in contracts/src/api (frontend/build/call-routes.ts). */
  const table: Record<string, Record<string, CallRoute>>;
  export default table;
}

// Test code reads JSON answers loosely (assertions check their shape); production code never relies on this.
export {};
declare global {
  interface Response {
    json(): Promise<any>;
  }
}

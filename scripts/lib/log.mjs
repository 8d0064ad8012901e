/** Console output of the project's scripts: short, prefixed, no colours when not a terminal. */
const tty = process.stdout.isTTY;
const paint = (code, s) => (tty ? `\x1b[${code}m${s}\x1b[0m` : s);
export const log = (msg) => console.log(`${paint(36, '[sparkhouse]')} ${msg}`);
export const warn = (msg) => console.warn(`${paint(33, '[sparkhouse]')} ${msg}`);
export const fail = (msg) => {
  console.error(`${paint(31, '[sparkhouse]')} ${msg}`);
  process.exit(1);
};

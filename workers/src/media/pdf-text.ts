import { spawn } from 'node:child_process';

/** What a PDF holds, as read from it: its own title and subject, its page count and its words. */
export interface PdfContent {
  title: string | null;
  subject: string | null;
  pages: number;
  /** The text of its first pages, whitespace collapsed, page markers removed. */
  text: string;
}

export interface PdfLimits {
  maxPages: number;
  maxText: number;
  timeoutMs: number;
  /** Heap of the reading process, in MB. */
  memoryMb: number;
}

const DEFAULTS: PdfLimits = { maxPages: 30, maxText: 20_000, timeoutMs: 20_000, memoryMb: 256 };

/**
 * The reader runs in a child process: a creator's PDF is untrusted input, and a hostile or huge one
 * can only exhaust that process's time and heap, never the worker's. pdf-parse (pdf.js) also loads
 * its own worker by dynamic import, which a plain child process allows everywhere.
 */
const READER = `
const { PDFParse } = require(process.argv[1]);
const chunks = [];
process.stdin.on('data', (c) => chunks.push(c));
process.stdin.on('end', async () => {
  const parser = new PDFParse({ data: new Uint8Array(Buffer.concat(chunks)) });
  try {
    const info = await parser.getInfo();
    const text = await parser.getText({ first: Number(process.argv[2]) });
    process.stdout.write(JSON.stringify({ info: info.info || {}, pages: info.total, text: text.text }));
  } catch (err) {
    process.stderr.write(String((err && err.message) || err));
    process.exitCode = 1;
  } finally {
    await parser.destroy();
  }
});`;

const clean = (value: unknown): string | null => (typeof value === 'string' && value.trim() ? value.trim() : null);

/** Reads a PDF's text (the first `maxPages` pages) and info; a file that is not a readable PDF throws. */
export function readPdf(bytes: Buffer, limits: Partial<PdfLimits> = {}): Promise<PdfContent> {
  const { maxPages, maxText, timeoutMs, memoryMb } = { ...DEFAULTS, ...limits };
  return new Promise((resolve, reject) => {
    const child = spawn(
      process.execPath,
      [`--max-old-space-size=${memoryMb}`, '-e', READER, require.resolve('pdf-parse'), String(maxPages)],
      { stdio: ['pipe', 'pipe', 'pipe'], timeout: timeoutMs, killSignal: 'SIGKILL' },
    );
    const out: Buffer[] = [];
    const err: Buffer[] = [];
    child.stdout.on('data', (c: Buffer) => out.push(c));
    child.stderr.on('data', (c: Buffer) => err.push(c));
    child.on('error', reject);
    child.on('close', (code, signal) => {
      if (signal) return reject(new Error(`Reading the PDF took longer than ${Math.round(timeoutMs / 1000)} s.`));
      if (code !== 0) {
        const why = Buffer.concat(err).toString('utf8').split('\n')[0]?.slice(0, 200) || 'unreadable';
        return reject(new Error(`The file is not a readable PDF (${why}).`));
      }
      try {
        const parsed = JSON.parse(Buffer.concat(out).toString('utf8')) as {
          info: Record<string, unknown>;
          pages: number;
          text: string;
        };
        resolve({
          title: clean(parsed.info['Title']),
          subject: clean(parsed.info['Subject']),
          pages: parsed.pages,
          text: parsed.text
            .replace(/-- \d+ of \d+ --/g, ' ')
            .replace(/\s+/g, ' ')
            .trim()
            .slice(0, maxText),
        });
      } catch {
        reject(new Error('The PDF reader answered nothing usable.'));
      }
    });
    child.stdin.on('error', () => undefined); // a reader that died early: its exit says why
    child.stdin.end(bytes);
  });
}

import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { FileSink, quickFileCall, resetFileSinks } from './file-sink';

let dir: string;
beforeEach(() => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'file-sink-'));
  resetFileSinks();
});
afterEach(() => {
  fs.rmSync(dir, { recursive: true, force: true });
  resetFileSinks();
});

const chunks = (count: number, size: number) => Array.from({ length: count }, () => randomBytes(size));
const openFds = () => fs.readdirSync('/proc/self/fd').length;

describe('FileSink', () => {
  it('writes every chunk, in order, straight from the event loop while writes are quick', async () => {
    const parts = chunks(40, 64 * 1024 + 3);
    const sink = new FileSink(path.join(dir, 'a'), { slowWriteMs: 60_000 });
    await pipeline(Readable.from(parts), sink);
    expect(sink.mode).toBe('direct');
    expect(fs.readFileSync(path.join(dir, 'a')).equals(Buffer.concat(parts))).toBe(true);
  });

  it('after a slow write, writes the rest through the thread pool, and so does every other file for a while', async () => {
    let now = 1_000;
    const options = { slowWriteMs: -1, pooledForMs: 5_000, now: () => now };
    const parts = chunks(10, 100_000);
    const slow = new FileSink(path.join(dir, 'slow'), options);
    expect(slow.mode).toBe('direct');
    await pipeline(Readable.from(parts), slow);
    expect(slow.mode).toBe('pool');
    expect(fs.readFileSync(path.join(dir, 'slow')).equals(Buffer.concat(parts))).toBe(true);

    // another upload meanwhile: pooled from its first chunk, still written whole
    const other = new FileSink(path.join(dir, 'other'), { pooledForMs: 5_000, now: () => now });
    expect(other.mode).toBe('pool');
    await pipeline(Readable.from(parts), other);
    expect(fs.readFileSync(path.join(dir, 'other')).equals(Buffer.concat(parts))).toBe(true);

    // once the cool-down is over, new files write directly again
    now += 5_001;
    const later = new FileSink(path.join(dir, 'later'), { now: () => now });
    expect(later.mode).toBe('direct');
    await pipeline(Readable.from(parts.slice(0, 1)), later);
  });

  it('leaves no file open, whether it ends or is destroyed midway', async () => {
    const before = openFds();
    const ended = new FileSink(path.join(dir, 'ended'));
    await pipeline(Readable.from(chunks(3, 1000)), ended);
    const broken = new FileSink(path.join(dir, 'broken'));
    const failed = new Promise<Error>((resolve) => broken.once('error', resolve));
    broken.write(randomBytes(1000));
    broken.destroy(new Error('client went away'));
    expect((await failed).message).toBe('client went away');
    await new Promise((resolve) => (broken.closed ? resolve(null) : broken.once('close', resolve)));
    expect(openFds()).toBe(before);
  });

  it('reports a file it cannot open', async () => {
    const sink = new FileSink(path.join(dir, 'missing-folder', 'x'));
    await expect(pipeline(Readable.from(chunks(1, 10)), sink)).rejects.toThrow(/ENOENT/);
  });
});

describe('quickFileCall', () => {
  it('makes the call on the event loop while calls are quick, and answers its result or its error', async () => {
    const pooled = jest.fn(async () => 'pooled');
    await expect(quickFileCall(() => 'direct', pooled)).resolves.toBe('direct');
    const rename = () => {
      fs.renameSync(path.join(dir, 'nothing-here'), path.join(dir, 'b'));
      return 'direct';
    };
    await expect(quickFileCall(rename, pooled)).rejects.toThrow(/ENOENT/);
    expect(pooled).not.toHaveBeenCalled();
  });

  it('after a slow call, sends the next calls (and file sinks) to the thread pool until the cool-down ends', async () => {
    let now = 1_000;
    const options = { slowWriteMs: -1, pooledForMs: 5_000, now: () => now };
    const direct = jest.fn(() => 'direct');
    await expect(quickFileCall(direct, async () => 'pooled', options)).resolves.toBe('direct');
    await expect(quickFileCall(direct, async () => 'pooled', { now: () => now })).resolves.toBe('pooled');
    expect(direct).toHaveBeenCalledTimes(1);
    const sink = new FileSink(path.join(dir, 'x'), { now: () => now });
    expect(sink.mode).toBe('pool');
    await pipeline(Readable.from([Buffer.from('x')]), sink);
    now += 5_001;
    await expect(quickFileCall(direct, async () => 'pooled', { now: () => now })).resolves.toBe('direct');
  });
});

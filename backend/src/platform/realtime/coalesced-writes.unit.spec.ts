import { Duplex } from 'node:stream';
import { coalesceWrites } from './coalesced-writes';

/** A duplex that records each write that reaches it as one call (what the kernel would see). */
function recordingStream() {
  const calls: string[][] = [];
  const stream = new Duplex({
    read() {},
    write(chunk: Buffer, _encoding, done) {
      calls.push([chunk.toString()]);
      done();
    },
    writev(chunks, done) {
      calls.push(chunks.map((c) => (c.chunk as Buffer).toString()));
      done();
    },
  });
  return { stream, calls };
}

const nextTurn = () => new Promise<void>((resolve) => setImmediate(resolve));

describe('coalesceWrites', () => {
  it('sends the writes of one turn together, once the turn ends', async () => {
    const { stream, calls } = recordingStream();
    coalesceWrites(stream);
    stream.write('a');
    stream.write('b');
    stream.write('c');
    expect(calls).toEqual([]);
    await nextTurn();
    expect(calls).toEqual([['a', 'b', 'c']]);
  });

  it('sends the writes of different turns apart, each in its own turn', async () => {
    const { stream, calls } = recordingStream();
    coalesceWrites(stream);
    stream.write('a');
    await nextTurn();
    stream.write('b');
    await nextTurn();
    expect(calls).toEqual([['a'], ['b']]);
  });

  it('calls each write back and keeps the order, and a corked stream stays corked for its owner', async () => {
    const { stream, calls } = recordingStream();
    coalesceWrites(stream);
    const done: string[] = [];
    stream.write('a', () => done.push('a'));
    stream.write('b', () => done.push('b'));
    await nextTurn();
    expect(done).toEqual(['a', 'b']);
    // a caller's own cork is not undone by the turn's uncork
    stream.cork();
    stream.write('c');
    await nextTurn();
    expect(calls).toEqual([['a', 'b']]);
    stream.uncork();
    expect(calls).toEqual([['a', 'b'], ['c']]);
  });
});

import { GroupCommit } from './group-commit';

/** A write function whose batches the test sees and finishes when it chooses. */
function controlledWrite() {
  const batches: { items: number[]; finish: () => void; fail: (err: Error) => void }[] = [];
  const write = (items: number[]) =>
    new Promise<string[]>((resolve, reject) => {
      batches.push({ items, finish: () => resolve(items.map((i) => `wrote ${i}`)), fail: reject });
    });
  return { batches, write };
}

const turn = () => new Promise((resolve) => setImmediate(resolve));

describe('GroupCommit', () => {
  it('writes the items submitted in the same turn as one batch, and answers each its own result', async () => {
    const { batches, write } = controlledWrite();
    const group = new GroupCommit(write);
    const answers = [1, 2, 3].map((i) => group.submit(i));
    await turn();
    expect(batches.map((b) => b.items)).toEqual([[1, 2, 3]]);
    batches[0].finish();
    expect(await Promise.all(answers)).toEqual(['wrote 1', 'wrote 2', 'wrote 3']);
  });

  it('answers nothing before its batch is written', async () => {
    const { batches, write } = controlledWrite();
    const group = new GroupCommit(write);
    let answered = false;
    const answer = group.submit(1).then(() => (answered = true));
    await turn();
    await turn();
    expect(answered).toBe(false);
    batches[0].finish();
    await answer;
    expect(answered).toBe(true);
  });

  it('writes one batch at a time: what arrives meanwhile leaves together in the next', async () => {
    const { batches, write } = controlledWrite();
    const group = new GroupCommit(write);
    const first = group.submit(1);
    await turn();
    const later = [2, 3, 4].map((i) => group.submit(i));
    await turn();
    expect(batches.map((b) => b.items)).toEqual([[1]]);
    batches[0].finish();
    await first;
    await turn();
    expect(batches.map((b) => b.items)).toEqual([[1], [2, 3, 4]]);
    batches[1].finish();
    expect(await Promise.all(later)).toEqual(['wrote 2', 'wrote 3', 'wrote 4']);
  });

  it('fails every item of a failed batch, and goes on with the next', async () => {
    const { batches, write } = controlledWrite();
    const group = new GroupCommit(write);
    const failed = [1, 2].map((i) => group.submit(i).catch((err: Error) => err.message));
    await turn();
    const next = group.submit(3);
    batches[0].fail(new Error('database refused'));
    expect(await Promise.all(failed)).toEqual(['database refused', 'database refused']);
    await turn();
    batches[1].finish();
    expect(await next).toBe('wrote 3');
  });

  it('fails a batch whose write answers the wrong number of results', async () => {
    const group = new GroupCommit(async (items: number[]) => items.slice(1));
    await expect(Promise.all([group.submit(1), group.submit(2)])).rejects.toThrow('a batch of 2 answered 1 results');
  });

  it('caps a batch at maxBatch items', async () => {
    const { batches, write } = controlledWrite();
    const group = new GroupCommit(write, 2);
    const answers = [1, 2, 3].map((i) => group.submit(i));
    await turn();
    batches[0].finish();
    await turn();
    batches[1].finish();
    expect(await Promise.all(answers)).toEqual(['wrote 1', 'wrote 2', 'wrote 3']);
    expect(batches.map((b) => b.items)).toEqual([[1, 2], [3]]);
  });

  it('flushed() waits until everything submitted has been written', async () => {
    const { batches, write } = controlledWrite();
    const group = new GroupCommit(write);
    void group.submit(1);
    let flushed = false;
    const done = group.flushed().then(() => (flushed = true));
    await turn();
    void group.submit(2);
    batches[0].finish();
    await turn();
    await turn();
    expect(flushed).toBe(false);
    batches[1].finish();
    await done;
    expect(batches.map((b) => b.items)).toEqual([[1], [2]]);
  });
});

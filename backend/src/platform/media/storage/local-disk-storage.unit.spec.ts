import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { originalKey } from '../media-keys';
import { LocalDiskStorage } from './local-disk-storage';

describe('LocalDiskStorage.putFile', () => {
  let root: string;
  beforeEach(() => {
    root = fs.mkdtempSync(path.join(os.tmpdir(), 'local-disk-'));
  });
  afterEach(() => fs.rmSync(root, { recursive: true, force: true }));

  const temp = (name: string, text: string) => {
    const file = path.join(root, name);
    fs.writeFileSync(file, text);
    return file;
  };
  const appId = '00000000-0000-4000-8000-000000000001';

  it('moves the temporary file in under its key (the temporary file is gone)', async () => {
    const storage = new LocalDiskStorage(path.join(root, 'media'));
    const from = temp('upload-1', 'first');
    const key = originalKey(appId, '00000000-0000-4000-8000-00000000000a', 'png');
    await storage.putFile(key, from);
    expect(fs.existsSync(from)).toBe(false);
    expect(fs.readFileSync(storage.localPath(key)!, 'utf8')).toBe('first');
  });

  it('makes the folders it needs, also after they were removed', async () => {
    const storage = new LocalDiskStorage(path.join(root, 'media'));
    const first = originalKey(appId, '00000000-0000-4000-8000-00000000000b', 'png');
    await storage.putFile(first, temp('upload-1', 'first'));
    fs.rmSync(path.join(root, 'media'), { recursive: true });
    const second = originalKey(appId, '00000000-0000-4000-8000-00000000000c', 'png');
    await storage.putFile(second, temp('upload-2', 'second'));
    expect(fs.readFileSync(storage.localPath(second)!, 'utf8')).toBe('second');
  });

  it('reports a temporary file that is not there', async () => {
    const storage = new LocalDiskStorage(path.join(root, 'media'));
    const key = originalKey(appId, '00000000-0000-4000-8000-00000000000d', 'png');
    await expect(storage.putFile(key, path.join(root, 'never-written'))).rejects.toThrow(/ENOENT/);
  });
});

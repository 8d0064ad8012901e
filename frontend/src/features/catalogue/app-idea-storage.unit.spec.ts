import {
  APP_IDEA_STORAGE_KEY,
  clearAppIdea,
  estimateUsedBytes,
  loadAppIdea,
  removeAppIdeaKeys,
  saveAppIdea,
  STORAGE_CAP_BYTES,
} from './app-idea-storage';

/** A Storage with a byte quota, like a browser's, to drive the low-space path. */
class QuotaStorage implements Storage {
  private data = new Map<string, string>();
  constructor(private readonly quotaBytes: number) {}
  get length() {
    return this.data.size;
  }
  key(index: number) {
    return [...this.data.keys()][index] ?? null;
  }
  getItem(key: string) {
    return this.data.get(key) ?? null;
  }
  setItem(key: string, value: string) {
    const previous = this.data.get(key);
    this.data.set(key, value);
    if (estimateUsedBytes(this) > this.quotaBytes) {
      if (previous === undefined) this.data.delete(key);
      else this.data.set(key, previous);
      throw new DOMException('full', 'QuotaExceededError');
    }
  }
  removeItem(key: string) {
    this.data.delete(key);
  }
  clear() {
    this.data.clear();
  }
  [name: string]: unknown;
}

beforeEach(() => localStorage.clear());

describe('app-idea storage', () => {
  it('keeps the text under appBuilderContextState as { text, timestamp }', () => {
    expect(saveAppIdea('A habit tracker for runners', 1_700_000_000_000)).toBe(true);
    expect(JSON.parse(localStorage.getItem(APP_IDEA_STORAGE_KEY)!)).toEqual({
      text: 'A habit tracker for runners',
      timestamp: 1_700_000_000_000,
    });
    expect(loadAppIdea()).toEqual({ text: 'A habit tracker for runners', timestamp: 1_700_000_000_000 });
    clearAppIdea();
    expect(loadAppIdea()).toBeNull();
  });

  it('reads nothing from a missing or corrupt entry', () => {
    expect(loadAppIdea()).toBeNull();
    localStorage.setItem(APP_IDEA_STORAGE_KEY, '{oops');
    expect(loadAppIdea()).toBeNull();
    localStorage.setItem(APP_IDEA_STORAGE_KEY, JSON.stringify({ text: 5 }));
    expect(loadAppIdea()).toBeNull();
  });

  it('removes only the appIdea_ keys', () => {
    localStorage.setItem('appIdea_1', 'x');
    localStorage.setItem('appIdea_2', 'y');
    localStorage.setItem('sparkhouse.theme', 'dark');
    expect(removeAppIdeaKeys(localStorage)).toBe(2);
    expect(localStorage.getItem('appIdea_1')).toBeNull();
    expect(localStorage.getItem('sparkhouse.theme')).toBe('dark');
  });

  it('clears appIdea_ drafts when space is low, before writing', () => {
    const store = new QuotaStorage(STORAGE_CAP_BYTES);
    store.setItem('appIdea_old', 'x'.repeat(1_300_000)); // 2.6 MB
    store.setItem('appIdea_older', 'x'.repeat(1_150_000)); // 2.3 MB: 4.9 MB in all, over 90% of the cap
    store.setItem('keep', 'me');
    expect(saveAppIdea('new idea', 1, store)).toBe(true);
    expect(store.getItem('appIdea_old') === null).toBe(true);
    expect(store.getItem('appIdea_older') === null).toBe(true);
    expect(store.getItem('keep')).toBe('me');
    expect(loadAppIdea(store)?.text).toBe('new idea');
  });

  it('retries after clearing appIdea_ keys when the write hits the quota', () => {
    const store = new QuotaStorage(1000);
    store.setItem('appIdea_draft', 'x'.repeat(400)); // 826 bytes: little room left, but under the low-space estimate
    expect(saveAppIdea('y'.repeat(100), 1, store)).toBe(true);
    expect(store.getItem('appIdea_draft')).toBeNull();
    expect(loadAppIdea(store)?.text).toBe('y'.repeat(100));
  });

  it('answers false when the idea cannot be kept even after cleaning', () => {
    const store = new QuotaStorage(100);
    expect(saveAppIdea('z'.repeat(200), 1, store)).toBe(false);
  });

  it('truncates data over 1 MB', () => {
    const store = new QuotaStorage(STORAGE_CAP_BYTES * 2);
    expect(saveAppIdea('w'.repeat(600_000), 1, store)).toBe(true);
    expect(loadAppIdea(store)?.text.length).toBe(512 * 1024);
  });
});

import { filterKey } from './list-cache-key';

describe('listing cache keys', () => {
  it('keys filters independently of field and list order', () => {
    expect(filterKey({ topics: ['b', 'a'], limit: 10, search: undefined })).toBe(filterKey({ limit: 10, topics: ['a', 'b'] }));
    expect(filterKey({ limit: 10 })).not.toBe(filterKey({ limit: 11 }));
  });
});

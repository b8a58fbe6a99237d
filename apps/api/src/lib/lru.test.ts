import { describe, expect, it } from 'vitest';
import { lruMap } from './lru.ts';

describe('lruMap', () => {
  it('drops the least recently used entry past its capacity', () => {
    const map = lruMap<string, number>(2);
    map.set('a', 1);
    map.set('b', 2);
    expect(map.get('a')).toBe(1);
    map.set('c', 3);
    expect(map.get('b')).toBeUndefined();
    expect(map.get('a')).toBe(1);
    expect(map.get('c')).toBe(3);
    map.delete('a');
    expect(map.get('a')).toBeUndefined();
    map.clear();
    expect(map.get('c')).toBeUndefined();
  });
});

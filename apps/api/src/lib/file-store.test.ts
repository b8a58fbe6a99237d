import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { localFileStore } from './file-store.ts';

const root = mkdtempSync(join(tmpdir(), 'lendo-files-'));
afterAll(() => rmSync(root, { recursive: true, force: true }));
const store = localFileStore(root, '/api/files/');

describe('localFileStore', () => {
  it('puts, reads and deletes files by key', async () => {
    await store.put('avatars/u1/a.png', Buffer.from('one'));
    expect((await store.read('avatars/u1/a.png'))?.toString()).toBe('one');
    await store.put('avatars/u1/a.png', Buffer.from('two'));
    expect((await store.read('avatars/u1/a.png'))?.toString()).toBe('two');
    await store.delete('avatars/u1/a.png');
    expect(await store.read('avatars/u1/a.png')).toBeNull();
    await expect(store.delete('avatars/u1/a.png')).resolves.toBeUndefined();
  });

  it('deletes a folder with everything in it, and nothing beside it', async () => {
    await store.put('avatars/u2/a.png', Buffer.from('a'));
    await store.put('avatars/u2/b.jpg', Buffer.from('b'));
    await store.put('avatars/u3/c.png', Buffer.from('c'));
    await store.deleteFolder('avatars/u2');
    expect(await store.read('avatars/u2/a.png')).toBeNull();
    expect(await store.read('avatars/u2/b.jpg')).toBeNull();
    expect((await store.read('avatars/u3/c.png'))?.toString()).toBe('c');
  });

  it('maps keys to URLs and back, and only its own URLs', () => {
    expect(store.url('avatars/u1/a.png')).toBe('/api/files/avatars/u1/a.png');
    expect(store.keyOf('/api/files/avatars/u1/a.png')).toBe('avatars/u1/a.png');
    expect(store.keyOf('https://elsewhere.test/a.png')).toBeNull();
  });

  it('refuses keys that climb out of its folder', async () => {
    await expect(store.read('../outside.txt')).rejects.toThrow(/outside the store/);
    await expect(store.deleteFolder('avatars/../..')).rejects.toThrow(/outside the store/);
  });
});

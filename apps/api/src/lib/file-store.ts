import { randomUUID } from 'node:crypto';
import { mkdir, readFile, rename, rm, writeFile } from 'node:fs/promises';
import { dirname, resolve, sep } from 'node:path';

/**
 * Where user files (avatars) live, addressed by keys like `avatars/<user id>/<hash>.png`. The
 * embedded store is a folder ($DATA_DIR/files); an S3-compatible bucket can implement the same
 * interface later.
 */
export interface FileStore {
  put(key: string, data: Buffer): Promise<void>;
  /** The file's bytes, or null when there is none. */
  read(key: string): Promise<Buffer | null>;
  /** Removes a file; nothing happens when there is none. */
  delete(key: string): Promise<void>;
  /** Removes every file whose key starts with `prefix/`. */
  deleteFolder(prefix: string): Promise<void>;
  /** The public URL a file is served at. */
  url(key: string): string;
  /** The key of a URL given by `url`, or null for any other URL. */
  keyOf(url: string): string | null;
}

/** A file store in a local folder whose files are served under `baseUrl`. */
export function localFileStore(root: string, baseUrl: string): FileStore {
  const base = resolve(root);
  // Keys come from our own code, but a key that climbs out of the folder is refused all the same.
  const pathOf = (key: string) => {
    const path = resolve(base, key);
    if (!path.startsWith(base + sep)) throw new Error(`file key outside the store: ${key}`);
    return path;
  };
  const prefix = `${baseUrl.replace(/\/+$/, '')}/`;

  return {
    async put(key, data) {
      const path = pathOf(key);
      await mkdir(dirname(path), { recursive: true });
      // Written aside and renamed, so a reader never sees half a file.
      const partial = `${path}.${randomUUID()}.part`;
      await writeFile(partial, data);
      await rename(partial, path);
    },
    async read(key) {
      try {
        return await readFile(pathOf(key));
      } catch (err) {
        if ((err as NodeJS.ErrnoException).code === 'ENOENT') return null;
        throw err;
      }
    },
    async delete(key) {
      await rm(pathOf(key), { force: true });
    },
    async deleteFolder(folder) {
      await rm(pathOf(folder), { recursive: true, force: true });
    },
    url: (key) => `${prefix}${key}`,
    keyOf: (url) => (url.startsWith(prefix) ? url.slice(prefix.length) : null),
  };
}

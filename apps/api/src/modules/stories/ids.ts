import { createHash } from 'node:crypto';

/** The namespace of Lendo's story ids (a fixed random UUID; changing it would change every id). */
const STORIES_NAMESPACE = '4f8d6a0e-2b1c-4c55-9a7e-1d3b5e9f0a62';

/** A name-based UUID (RFC 9562 version 5: SHA-1 of the namespace and the name). */
export function uuidV5(namespace: string, name: string): string {
  const bytes = createHash('sha1')
    .update(Buffer.from(namespace.replaceAll('-', ''), 'hex'))
    .update(name, 'utf8')
    .digest()
    .subarray(0, 16);
  bytes[6] = (bytes[6]! & 0x0f) | 0x50;
  bytes[8] = (bytes[8]! & 0x3f) | 0x80;
  const hex = bytes.toString('hex');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}

/**
 * Ids of library content derive from the slug, so they stay the same however often the library is
 * loaded, on every instance, and readers' progress and favorites keep pointing at the right rows.
 */
export const storyIdFor = (slug: string) => uuidV5(STORIES_NAMESPACE, `story/${slug}`);
export const chapterIdFor = (slug: string, number: number) =>
  uuidV5(STORIES_NAMESPACE, `chapter/${slug}/${number}`);

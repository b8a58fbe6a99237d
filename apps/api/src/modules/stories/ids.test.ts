import { describe, expect, it } from 'vitest';
import { idParams } from '@lendo/shared';
import { chapterIdFor, storyIdFor, uuidV5 } from './ids.ts';

describe('story ids', () => {
  it('computes RFC 9562 version-5 UUIDs', () => {
    // The DNS namespace example of RFC 9562, appendix A.4.
    expect(uuidV5('6ba7b810-9dad-11d1-80b4-00c04fd430c8', 'www.example.com')).toBe(
      '2ed6657d-e927-568b-95e1-2665a8aea6a2',
    );
  });

  it('derives stable, distinct ids from the slug and chapter number that the API accepts', () => {
    const ids = [storyIdFor('en-a'), storyIdFor('en-b'), chapterIdFor('en-a', 1), chapterIdFor('en-a', 2)];
    expect(new Set(ids).size).toBe(4);
    expect(storyIdFor('en-a')).toBe(ids[0]);
    for (const id of ids) expect(idParams.safeParse({ id }).success).toBe(true);
  });
});

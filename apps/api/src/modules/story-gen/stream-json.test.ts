import { describe, expect, it } from 'vitest';
import { storyStreamReader, type StreamedPart } from './stream-json.ts';

const story = {
  title: 'Um "dia" {com} Ana',
  chapters: [
    {
      title: 'A casa',
      sentences: [
        { text: 'Ana mora numa casa.', translation: 'Ana lives in a house.' },
        { translation: 'It is \\ blue, [really].', text: 'Ela é azul, {mesmo}.' },
      ],
    },
    { title: 'O rio', sentences: [{ text: 'O rio\ncorre.', translation: 'The river runs.' }] },
  ],
};

function read(chunks: string[]) {
  const parts: StreamedPart[] = [];
  const feed = storyStreamReader((part) => parts.push(part));
  for (const chunk of chunks) feed(chunk);
  return parts;
}

describe('storyStreamReader', () => {
  const expected: StreamedPart[] = [
    { kind: 'title', title: 'Um "dia" {com} Ana' },
    { kind: 'chapter', chapter: 1, title: 'A casa' },
    { kind: 'sentence', chapter: 1, text: 'Ana mora numa casa.', translation: 'Ana lives in a house.' },
    { kind: 'sentence', chapter: 1, text: 'Ela é azul, {mesmo}.', translation: 'It is \\ blue, [really].' },
    { kind: 'chapter', chapter: 2, title: 'O rio' },
    { kind: 'sentence', chapter: 2, text: 'O rio\ncorre.', translation: 'The river runs.' },
  ];

  it('reports each part once its text is complete, however the answer is cut into chunks', () => {
    const json = JSON.stringify(story, null, 1);
    expect(read([json])).toEqual(expected);
    expect(read([...json])).toEqual(expected);
    for (const size of [2, 3, 7, 13]) {
      const chunks = Array.from({ length: Math.ceil(json.length / size) }, (_, i) =>
        json.slice(i * size, (i + 1) * size),
      );
      expect(read(chunks), `chunks of ${size}`).toEqual(expected);
    }
  });

  it('reports a sentence only when its object closes', () => {
    const json = JSON.stringify(story);
    const cut = json.indexOf('"translation":"Ana lives');
    expect(read([json.slice(0, cut)]).map((p) => p.kind)).toEqual(['title', 'chapter']);
  });
});

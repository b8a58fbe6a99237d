/**
 * Reads a model's JSON answer as it streams in, and reports each part of a story the moment its
 * text is complete: the story's title, each chapter's title, each sentence (text and translation).
 * It follows the JSON structure only; the whole answer is still parsed and checked at the end.
 */
export type StreamedPart =
  | { kind: 'title'; title: string }
  | { kind: 'chapter'; chapter: number; title: string }
  | { kind: 'sentence'; chapter: number; text: string; translation: string };

interface Frame {
  type: 'object' | 'array';
  /** The key whose value is being read (objects). */
  key: string | null;
  /** The index of the value being read (arrays). */
  index: number;
  /** The string fields read so far (objects). */
  fields: Record<string, string>;
}

export function storyStreamReader(onPart: (part: StreamedPart) => void) {
  const stack: Frame[] = [];
  let inString = false;
  let escaped = false;
  let raw = '';
  /** In an object, whether the next string is a key. */
  let expectKey = false;

  /** The path of keys and indexes to the value being read. */
  const path = () => stack.map((f) => (f.type === 'object' ? f.key : f.index));

  function stringDone(value: string) {
    const top = stack.at(-1);
    if (!top) return;
    if (top.type === 'object' && expectKey) {
      top.key = value;
      expectKey = false;
      return;
    }
    if (top.type === 'object' && top.key !== null) top.fields[top.key] = value;
    const at = path();
    if (at.length === 1 && at[0] === 'title') onPart({ kind: 'title', title: value });
    if (at.length === 3 && at[0] === 'chapters' && at[2] === 'title') {
      onPart({ kind: 'chapter', chapter: (at[1] as number) + 1, title: value });
    }
  }

  function objectDone(frame: Frame) {
    const at = path();
    // The object just closed sat at chapters[i].sentences[j].
    if (at.length === 4 && at[0] === 'chapters' && at[2] === 'sentences') {
      const { text, translation } = frame.fields;
      if (typeof text === 'string') {
        onPart({ kind: 'sentence', chapter: (at[1] as number) + 1, text, translation: translation ?? '' });
      }
    }
  }

  return (chunk: string) => {
    for (const c of chunk) {
      if (inString) {
        if (escaped) {
          raw += c;
          escaped = false;
        } else if (c === '\\') {
          raw += c;
          escaped = true;
        } else if (c === '"') {
          inString = false;
          let value: string;
          try {
            value = JSON.parse(`"${raw}"`) as string;
          } catch {
            value = raw;
          }
          stringDone(value);
        } else {
          raw += c;
        }
        continue;
      }
      const top = stack.at(-1);
      switch (c) {
        case '"':
          inString = true;
          raw = '';
          break;
        case '{':
          stack.push({ type: 'object', key: null, index: 0, fields: {} });
          expectKey = true;
          break;
        case '[':
          stack.push({ type: 'array', key: null, index: 0, fields: {} });
          break;
        case '}': {
          const frame = stack.pop();
          if (frame) objectDone(frame);
          expectKey = false;
          break;
        }
        case ']':
          stack.pop();
          break;
        case ',':
          if (top?.type === 'array') top.index += 1;
          else if (top?.type === 'object') expectKey = true;
          break;
        default:
          break;
      }
    }
  };
}

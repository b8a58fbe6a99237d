/**
 * A stand-in for a hosted language model, for tests only: a local HTTP server that speaks the
 * OpenAI chat-completions wire format (JSON answers, and server-sent-event chunks with
 * `stream: true`, ending in `data: [DONE]`). By default it writes a small graded story from what
 * the story generator's prompt asks for (language, chapters, sentences, words to practise); tests
 * can script any answer. Run directly (`node --import tsx apps/api/test/fake-llm.ts <port>`) it
 * serves the default story, for the browser tests.
 */
import { createServer, type IncomingHttpHeaders, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { pathToFileURL } from 'node:url';

export interface ChatRequest {
  model: string;
  messages: { role: string; content: string }[];
  stream?: boolean;
  response_format?: { type: string };
}

export interface ReceivedRequest {
  path: string;
  headers: IncomingHttpHeaders;
  body: ChatRequest;
}

/** What the server does with a request: answer with this content (streamed when asked), fail, or stall. */
export type Behaviour = { content: string } | { status: number; body: unknown } | { stallMs: number };

type Lang = 'en' | 'es' | 'pt';
const LANGUAGES: Record<string, Lang> = { English: 'en', Spanish: 'es', Portuguese: 'pt' };

/** Sentences of a tiny story, `{w}` for a word to practise, in each language with translations. */
const TEMPLATES: Record<Lang, { text: string; en: string; es: string; pt: string }[]> = {
  en: [
    {
      text: 'Anna lives in a small house.',
      en: '',
      es: 'Anna vive en una casa pequeña.',
      pt: 'Anna mora em uma casa pequena.',
    },
    {
      text: 'Every day she walks to the market.',
      en: '',
      es: 'Todos los días camina al mercado.',
      pt: 'Todo dia ela anda até o mercado.',
    },
    {
      text: 'She sees a {w} near the door.',
      en: '',
      es: 'Ve un {w} cerca de la puerta.',
      pt: 'Ela vê um {w} perto da porta.',
    },
    {
      text: 'Her friend Tom likes the {w} too.',
      en: '',
      es: 'A su amigo Tom también le gusta el {w}.',
      pt: 'O amigo dela, Tom, também gosta do {w}.',
    },
    { text: 'They drink tea and talk.', en: '', es: 'Toman té y hablan.', pt: 'Eles tomam chá e conversam.' },
    {
      text: 'The sun is warm and the sky is blue.',
      en: '',
      es: 'El sol está cálido y el cielo es azul.',
      pt: 'O sol está quente e o céu está azul.',
    },
  ],
  es: [
    {
      text: 'Ana vive en una casa pequeña.',
      en: 'Ana lives in a small house.',
      es: '',
      pt: 'Ana mora em uma casa pequena.',
    },
    {
      text: 'Todos los días camina al mercado.',
      en: 'Every day she walks to the market.',
      es: '',
      pt: 'Todo dia ela anda até o mercado.',
    },
    {
      text: 'Ve un {w} cerca de la puerta.',
      en: 'She sees a {w} near the door.',
      es: '',
      pt: 'Ela vê um {w} perto da porta.',
    },
    {
      text: 'A su amigo Tomás también le gusta el {w}.',
      en: 'Her friend Tomás likes the {w} too.',
      es: '',
      pt: 'O amigo dela, Tomás, também gosta do {w}.',
    },
    { text: 'Toman té y hablan.', en: 'They drink tea and talk.', es: '', pt: 'Eles tomam chá e conversam.' },
    {
      text: 'El sol está cálido y el cielo es azul.',
      en: 'The sun is warm and the sky is blue.',
      es: '',
      pt: 'O sol está quente e o céu está azul.',
    },
  ],
  pt: [
    {
      text: 'Ana mora em uma casa pequena.',
      en: 'Ana lives in a small house.',
      es: 'Ana vive en una casa pequeña.',
      pt: '',
    },
    {
      text: 'Todo dia ela anda até o mercado.',
      en: 'Every day she walks to the market.',
      es: 'Todos los días camina al mercado.',
      pt: '',
    },
    {
      text: 'Ela vê um {w} perto da porta.',
      en: 'She sees a {w} near the door.',
      es: 'Ve un {w} cerca de la puerta.',
      pt: '',
    },
    {
      text: 'O amigo dela, Tomás, também gosta do {w}.',
      en: 'Her friend Tomás likes the {w} too.',
      es: 'A su amigo Tomás también le gusta el {w}.',
      pt: '',
    },
    { text: 'Eles tomam chá e conversam.', en: 'They drink tea and talk.', es: 'Toman té y hablan.', pt: '' },
    {
      text: 'O sol está quente e o céu está azul.',
      en: 'The sun is warm and the sky is blue.',
      es: 'El sol está cálido y el cielo es azul.',
      pt: '',
    },
  ],
};
const TITLES: Record<Lang, string> = { en: 'A Day with Anna', es: 'Un día con Ana', pt: 'Um dia com Ana' };

/** What a story-generator prompt asks for, read back from its text. */
export function promptRequest(request: ChatRequest) {
  const system = request.messages.find((m) => m.role === 'system')?.content ?? '';
  const languageName = /learners of (\w+)/.exec(system)?.[1] ?? 'English';
  const targetName = /translation into (\w+)/.exec(system)?.[1] ?? 'Portuguese';
  const rewrite = /Rewrite chapter (\d+)/.exec(system);
  return {
    language: LANGUAGES[languageName] ?? 'en',
    target: (targetName === 'Brazilian' ? 'pt' : (LANGUAGES[targetName] ?? 'pt')) as Lang,
    chapters: rewrite ? 1 : Number(/Write (\d+) chapter/.exec(system)?.[1] ?? 1),
    perChapter: Number(/about (\d+) sentences/.exec(system)?.[1] ?? 6),
    words: (/practising at least once, in a natural way: (.+)\.$/m.exec(system)?.[1] ?? '')
      .split(', ')
      .filter(Boolean),
  };
}

/** The default answer: a valid story with the practised words, as the prompt asks. */
export function storyFor(request: ChatRequest): string {
  const { language, target, chapters, perChapter, words } = promptRequest(request);
  const templates = TEMPLATES[language];
  let turn = 0;
  const nextWord = () => words[turn++ % Math.max(1, words.length)] ?? (language === 'en' ? 'cat' : 'gato');
  const story = {
    title: TITLES[language],
    chapters: Array.from({ length: chapters }, (_, c) => ({
      title: `${TITLES[language]} ${c + 1}`,
      sentences: Array.from({ length: Math.min(perChapter, 6) }, (_, s) => {
        const template = templates[s % templates.length]!;
        const word = template.text.includes('{w}') ? nextWord() : '';
        return {
          text: template.text.replace('{w}', word),
          translation: (target === language ? template.text : template[target]).replace('{w}', word),
        };
      }),
    })),
  };
  return JSON.stringify(story);
}

function chunk(id: string, model: string, delta: Record<string, string>, finish: string | null) {
  return `data: ${JSON.stringify({
    id,
    object: 'chat.completion.chunk',
    created: Math.floor(Date.now() / 1000),
    model,
    choices: [{ index: 0, delta, finish_reason: finish }],
  })}\n\n`;
}

/** A local server that speaks the OpenAI chat-completions wire format, keeping what it receives. */
export async function startFakeLlm(port = 0) {
  const requests: ReceivedRequest[] = [];
  let behaviour: Behaviour | ((request: ChatRequest, index: number) => Behaviour) = (request) => ({
    content: storyFor(request),
  });
  let structuredOutput = true;
  let chunkSize = 24;
  const stalled = new Set<ServerResponse>();

  async function handle(req: IncomingMessage, res: ServerResponse) {
    let raw = '';
    for await (const part of req) raw += String(part);
    const body = JSON.parse(raw) as ChatRequest;
    requests.push({ path: req.url ?? '', headers: req.headers, body });
    const send = (status: number, json: unknown) =>
      res.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify(json));
    if (!req.url?.endsWith('/chat/completions')) return send(404, { error: { message: 'not found' } });
    if (body.response_format?.type === 'json_schema' && !structuredOutput) {
      return send(400, { error: { message: "response_format type 'json_schema' is not supported" } });
    }
    const answer = typeof behaviour === 'function' ? behaviour(body, requests.length - 1) : behaviour;
    if ('stallMs' in answer) {
      stalled.add(res);
      setTimeout(() => res.writableEnded || send(200, {}), answer.stallMs);
      return;
    }
    if ('status' in answer) return send(answer.status, answer.body);
    const id = `chatcmpl-${requests.length}`;
    if (!body.stream) {
      return send(200, {
        id,
        object: 'chat.completion',
        created: Math.floor(Date.now() / 1000),
        model: body.model,
        choices: [
          { index: 0, message: { role: 'assistant', content: answer.content }, finish_reason: 'stop' },
        ],
        usage: { prompt_tokens: 50, completion_tokens: 30, total_tokens: 80 },
      });
    }
    res.writeHead(200, { 'content-type': 'text/event-stream', 'cache-control': 'no-cache' });
    res.write(chunk(id, body.model, { role: 'assistant', content: '' }, null));
    for (let at = 0; at < answer.content.length; at += chunkSize) {
      res.write(chunk(id, body.model, { content: answer.content.slice(at, at + chunkSize) }, null));
    }
    res.write(chunk(id, body.model, {}, 'stop'));
    res.end('data: [DONE]\n\n');
  }

  const server = createServer((req, res) => {
    handle(req, res).catch((err: unknown) => res.writeHead(500).end(String(err)));
  });
  await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve));
  const { port: bound } = server.address() as AddressInfo;
  return {
    baseUrl: `http://127.0.0.1:${bound}/v1`,
    requests,
    /** How the next requests are answered: always the same, or decided per request. */
    behave(next: typeof behaviour) {
      behaviour = next;
    },
    /** Whether response_format json_schema is accepted (else 400, as some servers answer). */
    structuredOutput(accepted: boolean) {
      structuredOutput = accepted;
    },
    /** Characters per streamed chunk. */
    chunkSize(size: number) {
      chunkSize = size;
    },
    async close() {
      for (const res of stalled) res.destroy();
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const port = Number(process.argv[2] ?? 4175);
  await startFakeLlm(port);
  process.stdout.write(`fake chat-completions server on http://127.0.0.1:${port}/v1\n`);
}

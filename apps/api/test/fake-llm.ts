import { createServer, type IncomingHttpHeaders } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface ChatRequest {
  path: string;
  headers: IncomingHttpHeaders;
  body: {
    model: string;
    messages: { role: string; content: string }[];
    response_format?: { type: string };
  };
}

/** What the server does with a request: answer with this JSON content, fail, or stall. */
export type Behaviour = { content: string } | { status: number; body: unknown } | { stallMs: number };

/** A local server that speaks the OpenAI chat-completions wire format, keeping what it receives. */
export async function startFakeLlm() {
  const requests: ChatRequest[] = [];
  let behaviour: Behaviour = { content: '{}' };
  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      requests.push({
        path: req.url ?? '',
        headers: req.headers,
        body: JSON.parse(Buffer.concat(chunks).toString('utf8')),
      });
      const send = (status: number, body: unknown) =>
        res.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify(body));
      if ('stallMs' in behaviour) {
        setTimeout(() => send(200, {}), behaviour.stallMs);
      } else if ('status' in behaviour) {
        send(behaviour.status, behaviour.body);
      } else {
        send(200, {
          id: `chatcmpl-${requests.length}`,
          object: 'chat.completion',
          created: Math.floor(Date.now() / 1000),
          model: requests.at(-1)?.body.model,
          choices: [
            { index: 0, message: { role: 'assistant', content: behaviour.content }, finish_reason: 'stop' },
          ],
          usage: { prompt_tokens: 50, completion_tokens: 30, total_tokens: 80 },
        });
      }
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    baseUrl: `http://127.0.0.1:${port}/v1`,
    requests,
    behave(next: Behaviour) {
      behaviour = next;
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

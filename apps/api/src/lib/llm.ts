import type { z } from 'zod';

/**
 * The language-model client: one JSON chat completion against any OpenAI-compatible server
 * (OpenAI, Ollama, vLLM, llama.cpp). No retries: callers decide what a failure means, usually an
 * offline answer.
 */

export interface LlmSettings {
  baseUrl: string;
  model: string;
  apiKey: string;
  timeoutMs: number;
}

export interface ChatMessage {
  role: 'system' | 'user' | 'assistant';
  content: string;
}

export type LlmFailure = 'timeout' | 'network' | 'http' | 'invalid-response';

/** Why a completion did not give a usable answer; never shown to users. */
export class LlmError extends Error {
  override name = 'LlmError';
  constructor(
    readonly failure: LlmFailure,
    message: string,
    readonly status?: number,
  ) {
    super(message);
  }
}

export interface LlmClient {
  readonly model: string;
  /** Sends the messages with response_format json_object and returns the answer checked by `schema`. */
  chatJson<T>(messages: ChatMessage[], schema: z.ZodType<T>, options?: { temperature?: number }): Promise<T>;
}

export function createLlmClient(settings: LlmSettings, fetchImpl: typeof fetch = fetch): LlmClient {
  const url = `${settings.baseUrl.replace(/\/+$/, '')}/chat/completions`;
  return {
    model: settings.model,
    async chatJson(messages, schema, { temperature = 0.2 } = {}) {
      let response: Response;
      try {
        response = await fetchImpl(url, {
          method: 'POST',
          headers: { 'content-type': 'application/json', authorization: `Bearer ${settings.apiKey}` },
          body: JSON.stringify({
            model: settings.model,
            messages,
            temperature,
            response_format: { type: 'json_object' },
          }),
          signal: AbortSignal.timeout(settings.timeoutMs),
        });
      } catch (err) {
        const timedOut = err instanceof DOMException && err.name === 'TimeoutError';
        throw new LlmError(
          timedOut ? 'timeout' : 'network',
          timedOut ? `no answer within ${settings.timeoutMs} ms` : String(err),
        );
      }
      let body: unknown;
      try {
        body = await response.json();
      } catch (err) {
        const timedOut = err instanceof DOMException && err.name === 'TimeoutError';
        throw new LlmError(
          timedOut ? 'timeout' : 'invalid-response',
          'the body is not JSON',
          response.status,
        );
      }
      if (!response.ok) {
        throw new LlmError('http', `HTTP ${response.status}: ${errorText(body)}`, response.status);
      }
      return parseChatCompletion(body, schema);
    },
  };
}

/**
 * Reads a chat-completions response body: the first choice's message content, parsed as JSON
 * (tolerating a Markdown code fence around it) and checked by `schema`.
 */
export function parseChatCompletion<T>(body: unknown, schema: z.ZodType<T>): T {
  const content = (body as { choices?: { message?: { content?: unknown } }[] } | null)?.choices?.[0]?.message
    ?.content;
  if (typeof content !== 'string') throw new LlmError('invalid-response', 'no message content');
  const unfenced = content
    .trim()
    .replace(/^```(?:json)?\s*/i, '')
    .replace(/\s*```$/, '');
  let json: unknown;
  try {
    json = JSON.parse(unfenced);
  } catch {
    throw new LlmError('invalid-response', 'the content is not JSON');
  }
  const parsed = schema.safeParse(json);
  if (!parsed.success) {
    throw new LlmError('invalid-response', `unexpected JSON: ${parsed.error.issues[0]?.message ?? ''}`);
  }
  return parsed.data;
}

function errorText(body: unknown): string {
  const error = (body as { error?: { message?: unknown } | string } | null)?.error;
  const message = typeof error === 'string' ? error : error?.message;
  return typeof message === 'string' ? message.slice(0, 200) : 'no error message';
}

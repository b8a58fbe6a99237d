import type { z } from 'zod';
import { readServerSentEvents } from '@lendo/shared';

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

/** A JSON Schema the answer must follow, for servers with structured output (response_format json_schema). */
export interface ResponseSchema {
  name: string;
  schema: Record<string, unknown>;
}

export interface LlmClient {
  readonly model: string;
  /** Sends the messages with response_format json_object and returns the answer checked by `schema`. */
  chatJson<T>(messages: ChatMessage[], schema: z.ZodType<T>, options?: { temperature?: number }): Promise<T>;
  /**
   * Streams the answer's text as it is written (stream: true, server-sent events). With
   * `responseSchema` it asks for structured output and, when the server refuses that (HTTP 400),
   * asks for a JSON object instead, from then on. `timeoutMs` is the longest wait for the first
   * token and between tokens; `signal` stops the request.
   */
  chatStream(
    messages: ChatMessage[],
    options?: { responseSchema?: ResponseSchema; temperature?: number; signal?: AbortSignal },
  ): AsyncGenerator<string>;
}

export function createLlmClient(settings: LlmSettings, fetchImpl: typeof fetch = fetch): LlmClient {
  const url = `${settings.baseUrl.replace(/\/+$/, '')}/chat/completions`;
  /** Whether the server took response_format json_schema; false after it refused it once. */
  let structuredOutput = true;

  async function post(body: Record<string, unknown>, signal: AbortSignal): Promise<Response> {
    try {
      return await fetchImpl(url, {
        method: 'POST',
        headers: { 'content-type': 'application/json', authorization: `Bearer ${settings.apiKey}` },
        body: JSON.stringify({ model: settings.model, ...body }),
        signal,
      });
    } catch (err) {
      throw failureOf(err, settings.timeoutMs);
    }
  }

  return {
    model: settings.model,

    async *chatStream(messages, { responseSchema, temperature = 0.7, signal } = {}) {
      const idle = new AbortController();
      const stop = AbortSignal.any([idle.signal, ...(signal ? [signal] : [])]);
      let timer = setTimeout(() => idle.abort(new DOMException('idle', 'TimeoutError')), settings.timeoutMs);
      const rearm = () => {
        clearTimeout(timer);
        timer = setTimeout(() => idle.abort(new DOMException('idle', 'TimeoutError')), settings.timeoutMs);
      };
      try {
        const request = (format: Record<string, unknown>) =>
          post({ messages, temperature, stream: true, response_format: format }, stop);
        const schemaFormat = responseSchema && {
          type: 'json_schema',
          json_schema: { name: responseSchema.name, schema: responseSchema.schema, strict: true },
        };
        let response = await request(
          structuredOutput && schemaFormat ? schemaFormat : { type: 'json_object' },
        );
        if (response.status === 400 && structuredOutput && schemaFormat) {
          structuredOutput = false;
          await response.body?.cancel();
          response = await request({ type: 'json_object' });
        }
        if (!response.ok || !response.body) {
          const text = await response.text().catch(() => '');
          throw new LlmError('http', `HTTP ${response.status}: ${text.slice(0, 200)}`, response.status);
        }
        for await (const { data } of readServerSentEvents(response.body)) {
          rearm();
          if (data === '[DONE]') return;
          let chunk: unknown;
          try {
            chunk = JSON.parse(data);
          } catch {
            throw new LlmError('invalid-response', 'a stream chunk is not JSON');
          }
          const choice = (chunk as { choices?: { delta?: { content?: unknown } }[] }).choices?.[0];
          const content = choice?.delta?.content;
          if (typeof content === 'string' && content) yield content;
        }
      } catch (err) {
        throw err instanceof LlmError ? err : failureOf(err, settings.timeoutMs);
      } finally {
        clearTimeout(timer);
      }
    },

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
  const parsed = parseModelJson(content, schema);
  if (!parsed.ok) throw new LlmError('invalid-response', parsed.problem);
  return parsed.value;
}

/**
 * A model's text read as JSON (a Markdown code fence around it tolerated) and checked by `schema`;
 * what is wrong with it otherwise, in words a repair request can quote.
 */
export function parseModelJson<T>(
  content: string,
  schema: z.ZodType<T>,
): { ok: true; value: T } | { ok: false; problem: string } {
  const unfenced = content
    .trim()
    .replace(/^```(?:json)?\s*/i, '')
    .replace(/\s*```$/, '');
  let json: unknown;
  try {
    json = JSON.parse(unfenced);
  } catch {
    return { ok: false, problem: 'the content is not JSON' };
  }
  const parsed = schema.safeParse(json);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    return { ok: false, problem: `unexpected JSON: ${issue?.path.join('.') ?? ''}: ${issue?.message ?? ''}` };
  }
  return { ok: true, value: parsed.data };
}

function failureOf(err: unknown, timeoutMs: number): LlmError {
  const reason = err instanceof DOMException ? err : (err as { cause?: unknown })?.cause;
  const timedOut =
    (err instanceof DOMException && err.name === 'TimeoutError') ||
    (reason instanceof DOMException && reason.name === 'TimeoutError');
  return new LlmError(
    timedOut ? 'timeout' : 'network',
    timedOut ? `no answer within ${timeoutMs} ms` : String(err),
  );
}

function errorText(body: unknown): string {
  const error = (body as { error?: { message?: unknown } | string } | null)?.error;
  const message = typeof error === 'string' ? error : error?.message;
  return typeof message === 'string' ? message.slice(0, 200) : 'no error message';
}

import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { createLlmClient, LlmError, parseChatCompletion } from './llm.ts';

const answer = z.object({ meaning: z.string().min(1) });
const completion = (content: unknown) => ({
  id: 'chatcmpl-1',
  object: 'chat.completion',
  choices: [{ index: 0, message: { role: 'assistant', content }, finish_reason: 'stop' }],
});

const failureOf = (fn: () => unknown) => {
  try {
    fn();
  } catch (err) {
    return err instanceof LlmError ? err.failure : err;
  }
  return 'no error';
};

describe('parseChatCompletion', () => {
  it("reads the first choice's content as JSON checked by the schema", () => {
    expect(parseChatCompletion(completion('{"meaning":"casa"}'), answer)).toEqual({ meaning: 'casa' });
  });

  it('tolerates a Markdown code fence around the JSON', () => {
    expect(parseChatCompletion(completion('```json\n{"meaning":"casa"}\n```'), answer)).toEqual({
      meaning: 'casa',
    });
  });

  it('rejects bodies without content, content that is not JSON, and JSON of another shape', () => {
    expect(failureOf(() => parseChatCompletion({ choices: [] }, answer))).toBe('invalid-response');
    expect(failureOf(() => parseChatCompletion(null, answer))).toBe('invalid-response');
    expect(failureOf(() => parseChatCompletion(completion(null), answer))).toBe('invalid-response');
    expect(failureOf(() => parseChatCompletion(completion('It means house.'), answer))).toBe(
      'invalid-response',
    );
    expect(failureOf(() => parseChatCompletion(completion('{"meaning":""}'), answer))).toBe(
      'invalid-response',
    );
  });
});

describe('createLlmClient', () => {
  const settings = { baseUrl: 'http://llm.test/v1/', model: 'tiny', apiKey: 'sk-test', timeoutMs: 1000 };

  it('posts an OpenAI chat completion asking for a JSON object', async () => {
    let seen: { url: string; init: RequestInit } | undefined;
    const fetchStub: typeof fetch = async (url, init) => {
      seen = { url: String(url), init: init! };
      return Response.json(completion('{"meaning":"casa"}'));
    };
    const llm = createLlmClient(settings, fetchStub);
    await expect(llm.chatJson([{ role: 'user', content: 'casa?' }], answer)).resolves.toEqual({
      meaning: 'casa',
    });
    expect(seen?.url).toBe('http://llm.test/v1/chat/completions');
    expect(new Headers(seen?.init.headers).get('authorization')).toBe('Bearer sk-test');
    expect(JSON.parse(String(seen?.init.body))).toMatchObject({
      model: 'tiny',
      messages: [{ role: 'user', content: 'casa?' }],
      response_format: { type: 'json_object' },
    });
  });

  it('maps HTTP errors, network errors and timeouts to LlmError', async () => {
    const http = createLlmClient(settings, async () =>
      Response.json({ error: { message: 'model overloaded' } }, { status: 503 }),
    );
    await expect(http.chatJson([], answer)).rejects.toMatchObject({ failure: 'http', status: 503 });
    const down = createLlmClient(settings, async () => {
      throw new TypeError('fetch failed');
    });
    await expect(down.chatJson([], answer)).rejects.toMatchObject({ failure: 'network' });
    const slow = createLlmClient({ ...settings, timeoutMs: 20 }, (_url, init) => {
      return new Promise((_resolve, reject) =>
        init?.signal?.addEventListener('abort', () => reject(init.signal?.reason)),
      );
    });
    await expect(slow.chatJson([], answer)).rejects.toMatchObject({ failure: 'timeout' });
  });
});

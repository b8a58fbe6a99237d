import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  errorResponse,
  idParams,
  storyCard,
  storyGenBody,
  storyGenChapterParams,
  storyGenHome,
  storyGenRenameBody,
  type StoryGenEvent,
} from '@lendo/shared';
import type { StoryGenService } from './service.ts';

const errors = { 400: errorResponse, 401: errorResponse, 404: errorResponse };
const streamErrors = { ...errors, 403: errorResponse, 409: errorResponse };
const eventStream = z
  .string()
  .describe(
    'text/event-stream: one event per part (`event: <type>`, `data: <StoryGenEvent JSON>`): start, title, ' +
      'chapter, sentence…, then done with the saved story and its known-word coverage, or error (nothing saved). ' +
      'restart: the text is being repaired, drop what came before.',
  );

/** Streams a job's events to the client as server-sent events; a closed connection stops the job. */
async function streamJob(
  request: FastifyRequest,
  reply: FastifyReply,
  run: (send: (event: StoryGenEvent) => void, signal: AbortSignal) => Promise<void>,
) {
  const stop = new AbortController();
  request.raw.on('close', () => stop.abort(new Error('the client went away')));
  reply.hijack();
  reply.raw.writeHead(200, {
    'content-type': 'text/event-stream; charset=utf-8',
    'cache-control': 'no-store',
    'x-accel-buffering': 'no',
    connection: 'keep-alive',
  });
  const send = (event: StoryGenEvent) => {
    if (!reply.raw.writableEnded) reply.raw.write(`event: ${event.type}\ndata: ${JSON.stringify(event)}\n\n`);
  };
  await run(send, stop.signal);
  reply.raw.end();
}

export const storyGenRoutes: FastifyPluginAsyncZod<{ storyGen: StoryGenService }> = async (
  app,
  { storyGen },
) => {
  const secured = { onRequest: app.authenticate };
  const schema = { tags: ['story generator'], security: [{ bearer: [] }] };

  app.get(
    '/story-gen/',
    {
      ...secured,
      schema: {
        ...schema,
        description:
          'The generator: `mode` ai (a language model is configured) or practice (library sentences), ' +
          "the plan's AI sentences this month, words to practise (due and learning) and the learner's own stories.",
        response: { 200: storyGenHome, ...errors },
      },
    },
    async (req) => storyGen.home(req.userId),
  );

  app.post(
    '/story-gen/',
    {
      ...secured,
      schema: {
        ...schema,
        description:
          'Writes a story for the learner, streamed as server-sent events and saved to their private library. ' +
          'With a model each generated sentence counts against the AI sentences of the plan (basic: 403 ' +
          'limits.ai-sentences); practice reading counts nothing. Refusals come before the stream, as JSON.',
        body: storyGenBody,
        response: { 200: eventStream, ...streamErrors },
      },
    },
    async (req, reply) => {
      const job = await storyGen.prepare(req.userId, req.body);
      await streamJob(req, reply, (send, signal) => storyGen.run(job, send, signal));
    },
  );

  app.post(
    '/story-gen/:id/chapters/:number/',
    {
      ...secured,
      schema: {
        ...schema,
        description: "Rewrites one chapter of the learner's own story, streamed like a new story.",
        params: storyGenChapterParams,
        response: { 200: eventStream, ...streamErrors },
      },
    },
    async (req, reply) => {
      const job = await storyGen.prepareChapter(req.userId, req.params.id, req.params.number);
      await streamJob(req, reply, (send, signal) => storyGen.run(job, send, signal));
    },
  );

  app.patch(
    '/story-gen/:id/',
    {
      ...secured,
      schema: {
        ...schema,
        description: "Renames the learner's own story.",
        params: idParams,
        body: storyGenRenameBody,
        response: { 200: storyCard, ...errors },
      },
    },
    async (req) => storyGen.rename(req.userId, req.params.id, req.body.title),
  );

  app.delete(
    '/story-gen/:id/',
    {
      ...secured,
      schema: {
        ...schema,
        description: "Deletes the learner's own story, with their progress in it.",
        params: idParams,
        response: { 204: z.null().describe('Deleted; no body.'), ...errors },
      },
    },
    async (req, reply) => {
      await storyGen.remove(req.userId, req.params.id);
      return reply.status(204).send(null);
    },
  );
};

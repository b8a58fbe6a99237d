import { createReadStream } from 'node:fs';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { errorResponse, ttsQuery, ttsResponse } from '@lendo/shared';
import { notModified } from '../../lib/compression.ts';
import { notFound } from '../../lib/errors.ts';
import type { EntitlementsService } from '../entitlements/service.ts';
import type { AudioFile, TtsService } from './service.ts';

const errors = { 400: errorResponse, 401: errorResponse, 403: errorResponse, 503: errorResponse };
/** Where GET /tts points: public, since the name is a hash of the text and cannot be guessed. */
const FILES_PATH = '/files/tts/';

/** Sends a cached WAV file, answering a revalidation that names it with 304. */
function sendAudio(request: FastifyRequest, reply: FastifyReply, file: AudioFile, cacheControl: string) {
  const etag = `"${file.name.slice(0, -'.wav'.length)}"`;
  reply.header('cache-control', cacheControl).header('etag', etag);
  if (notModified(request, etag)) return reply.status(304).send();
  return reply.type('audio/wav').header('content-length', file.size).send(createReadStream(file.path));
}

export const ttsRoutes: FastifyPluginAsyncZod<{
  tts: TtsService;
  entitlements: EntitlementsService;
}> = async (app, { tts, entitlements }) => {
  const tags = ['language'];
  const secured = { tags, security: [{ bearer: [] }] };
  /** The audio of a request, its seconds (rounded up) counted against the plan's monthly audio. */
  const speak = (userId: string, { text, language }: z.output<typeof ttsQuery>) =>
    entitlements.metered(
      userId,
      'audio_seconds',
      () => tts.speak(text, language),
      (file) => Math.ceil(file.seconds),
      // Reserved beforehand from the text: speech runs at well over 8 characters a second.
      Math.ceil(text.length / 8),
    );

  app.get(
    '/tts',
    {
      onRequest: app.authenticate,
      schema: {
        ...secured,
        description:
          'Reads the text aloud (cached) and says where the audio is. Counts its seconds against the ' +
          "plan's monthly audio (403 limits.audio once used up).",
        querystring: ttsQuery,
        response: { 200: ttsResponse, ...errors },
      },
    },
    async (req) => {
      const file = await speak(req.userId, req.query);
      return { url: `${app.prefix}${FILES_PATH}${file.name}` };
    },
  );

  app.get(
    '/file/tts/',
    {
      onRequest: app.authenticate,
      schema: {
        ...secured,
        description: 'Reads the text aloud and streams the audio (audio/wav); metered like GET /tts.',
        querystring: ttsQuery,
        response: errors,
      },
    },
    async (req, reply) => {
      const file = await speak(req.userId, req.query);
      return sendAudio(req, reply, file, 'private, max-age=31536000, immutable');
    },
  );

  app.get(
    `${FILES_PATH}:name`,
    {
      schema: {
        tags,
        description: 'A cached audio file named by GET /tts.',
        params: z.object({ name: z.string() }),
        response: { 404: errorResponse },
      },
    },
    async (req, reply) => {
      const file = await tts.file(req.params.name);
      if (!file) throw notFound();
      return sendAudio(req, reply, file, 'public, max-age=31536000, immutable');
    },
  );
};

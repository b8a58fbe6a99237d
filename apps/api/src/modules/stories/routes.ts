import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  chapterDetail,
  chapterProgress,
  chapterProgressBody,
  chapterReadSummary,
  errorResponse,
  favoriteBody,
  favoriteResponse,
  idParams,
  storyDetail,
  storyHome,
  storyListQuery,
  storyPage,
} from '@lendo/shared';
import { notModified, sendNotModified } from '../../lib/compression.ts';
import type { StoriesService } from './service.ts';

const errors = { 400: errorResponse, 401: errorResponse, 404: errorResponse };
/** A chapter of a story the learner's plan does not read (basic, not free) answers 403 limits.library. */
const chapterErrors = { ...errors, 403: errorResponse };
/** Cover art is SVG: it may style itself, but never run or fetch anything. */
const COVER_CSP = "default-src 'none'; style-src 'unsafe-inline'";

/** Sends cover art for a year: its URL changes with the story; a revalidation gets a 304. */
function sendCover(
  request: FastifyRequest,
  reply: FastifyReply,
  cover: { svg: string; contentHash: string },
) {
  const etag = `"${cover.contentHash}"`;
  reply
    .header('cache-control', 'public, max-age=31536000, immutable')
    .header('etag', etag)
    .header('content-security-policy', COVER_CSP)
    .header('x-content-type-options', 'nosniff');
  if (notModified(request, etag)) return reply.status(304).send();
  return reply.type('image/svg+xml; charset=utf-8').send(cover.svg);
}

export const storiesRoutes: FastifyPluginAsyncZod<{ stories: StoriesService }> = async (app, { stories }) => {
  const tags = ['stories'];
  const secured = { onRequest: app.authenticate };
  const schema = { tags, security: [{ bearer: [] }] };

  app.get(
    '/stories/',
    {
      ...secured,
      schema: {
        ...schema,
        description:
          'The story library, newest first then by title. `search` looks in titles and descriptions in ' +
          'every language, ignoring case and accents; filters combine. Locked stories (`locked`: not ' +
          '`free`, and the learner is on the basic plan) are listed too.',
        querystring: storyListQuery,
        response: { 200: storyPage, ...errors },
      },
    },
    async (req) => stories.list(req.userId, req.query),
  );

  app.get(
    '/stories/home/',
    {
      ...secured,
      schema: {
        ...schema,
        description:
          "The home page's sections: recommended (the learner's language, at the level of their " +
          'onboarding answer and its neighbours, unfinished), recently added, in progress and favorites.',
        response: { 200: storyHome, 401: errorResponse },
      },
    },
    async (req) => stories.home(req.userId),
  );

  app.get(
    '/stories/:id/',
    {
      ...secured,
      schema: {
        ...schema,
        description: "A story with its chapters and the reader's progress; `continue_*` is where to resume.",
        params: idParams,
        response: { 200: storyDetail, ...errors },
      },
    },
    async (req) => stories.detail(req.userId, req.params.id),
  );

  app.put(
    '/stories/:id/favorite/',
    {
      ...secured,
      schema: {
        ...schema,
        description: "Marks or unmarks the story as one of the reader's favorites.",
        params: idParams,
        body: favoriteBody,
        response: { 200: favoriteResponse, ...errors },
      },
    },
    async (req) => stories.setFavorite(req.userId, req.params.id, req.body.favorite),
  );

  app.get(
    '/stories/:id/cover.svg',
    {
      schema: {
        tags,
        description: 'The cover art (image/svg+xml). Public; the URL in a card carries its version.',
        params: idParams,
        response: { 404: errorResponse },
      },
    },
    async (req, reply) => sendCover(req, reply, await stories.cover(req.params.id)),
  );

  app.get(
    '/chapters/:id/',
    {
      ...secured,
      schema: {
        ...schema,
        description:
          "A chapter with all its pages, sentences translated into the reader's translation language. " +
          'A chapter of a locked story answers 403 limits.library.',
        params: idParams,
        response: { 200: chapterDetail, ...chapterErrors },
      },
    },
    async (req, typedReply) => {
      const { body, etag } = await stories.chapter(req.userId, req.params.id);
      // Already JSON (its pages come serialized from the cache): sent as it is, or not at all (304).
      const reply = typedReply as FastifyReply;
      // The reader's own answer: kept by their browser, asked again each time, 304 when unchanged.
      reply.header('cache-control', 'private, no-cache').header('etag', etag);
      if (notModified(req, etag)) return sendNotModified(req, reply, body);
      return reply.type('application/json; charset=utf-8').send(body);
    },
  );

  app.post(
    '/chapters/:id/progress/',
    {
      ...secured,
      schema: {
        ...schema,
        description:
          'Reports reading: the page completed (progress never goes back; `finished` only with the ' +
          'last page), the time read since the last report and the words looked up.',
        params: idParams,
        body: chapterProgressBody,
        response: { 200: chapterProgress, ...chapterErrors },
      },
    },
    async (req) => stories.recordProgress(req.userId, req.params.id, req.body),
  );

  app.get(
    '/chapters/:id/summary/',
    {
      ...secured,
      schema: {
        ...schema,
        description: 'The finished-chapter page: words read, reading time, words looked up, what is next.',
        params: idParams,
        response: { 200: chapterReadSummary, ...chapterErrors },
      },
    },
    async (req) => stories.summary(req.userId, req.params.id),
  );
};

import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  deck,
  deckBody,
  deckList,
  deckListQuery,
  errorResponse,
  flashcard,
  flashcardCreateBody,
  flashcardListQuery,
  flashcardPage,
  flashcardUpdateBody,
  idParams,
  reviewBody,
  reviewQueue,
  reviewResult,
  reviewResume,
  statisticsSummary,
} from '@lendo/shared';
import type { DecksService } from './service.ts';

const errors = { 400: errorResponse, 401: errorResponse, 404: errorResponse };
const noContent = { 204: z.null().describe('Done; no body.') };

export const decksRoutes: FastifyPluginAsyncZod<{ decks: DecksService }> = async (app, { decks }) => {
  const secured = { onRequest: app.authenticate };
  const schema = { tags: ['decks'], security: [{ bearer: [] }] };

  app.get(
    '/deck/decks/',
    {
      ...secured,
      schema: {
        ...schema,
        description:
          "The learner's decks with their statistics, oldest first; in one language with `language`. " +
          'A learner always has a deck in the language they study: the first listing creates it if need be.',
        querystring: deckListQuery,
        response: { 200: deckList, 400: errorResponse, 401: errorResponse },
      },
    },
    async (req) => decks.list(req.userId, req.query.language),
  );

  app.post(
    '/deck/decks/',
    {
      ...secured,
      schema: {
        ...schema,
        description: "A new deck. 403 limits.decks when the learner's plan allows no more decks.",
        body: deckBody,
        response: { 201: deck, 403: errorResponse, ...errors },
      },
    },
    async (req, reply) => reply.status(201).send(await decks.create(req.userId, req.body)),
  );

  app.get(
    '/deck/decks/:id/',
    {
      ...secured,
      schema: {
        ...schema,
        description: 'A deck with its statistics.',
        params: idParams,
        response: { 200: deck, ...errors },
      },
    },
    async (req) => decks.get(req.userId, req.params.id),
  );

  app.put(
    '/deck/decks/:id/',
    {
      ...secured,
      schema: {
        ...schema,
        description:
          "Changes a deck's name, description, icon or language; 409 decks.last-deck when that would take " +
          'the last deck of a language away.',
        params: idParams,
        body: deckBody,
        response: { 200: deck, 409: errorResponse, ...errors },
      },
    },
    async (req) => decks.update(req.userId, req.params.id, req.body),
  );

  app.delete(
    '/deck/decks/:id/',
    {
      ...secured,
      schema: {
        ...schema,
        description:
          'Deletes a deck and its cards (their review history stays). 409 decks.last-deck for the ' +
          "learner's last deck of a language.",
        params: idParams,
        response: { ...noContent, 409: errorResponse, ...errors },
      },
    },
    async (req, reply) => {
      await decks.remove(req.userId, req.params.id);
      return reply.status(204).send(null);
    },
  );

  app.post(
    '/deck/decks/:id/flashcards/',
    {
      ...secured,
      schema: {
        ...schema,
        description:
          "A new card in the deck (in the deck's language unless given). 403 limits.flashcards when the " +
          "plan's flashcards for this month are used up; 409 flashcard.duplicate when the deck has a card " +
          'for the same word already (send `allow_duplicate: true` to save it all the same).',
        params: idParams,
        body: flashcardCreateBody,
        response: { 201: flashcard, 403: errorResponse, 409: errorResponse, ...errors },
      },
    },
    async (req, reply) => reply.status(201).send(await decks.createCard(req.userId, req.params.id, req.body)),
  );

  app.get(
    '/deck/decks/:id/flashcards/',
    {
      ...secured,
      schema: {
        ...schema,
        description:
          "A page of the deck's cards, newest first. `query` looks in word, front and back, ignoring case " +
          'and accents.',
        params: idParams,
        querystring: flashcardListQuery,
        response: { 200: flashcardPage, ...errors },
      },
    },
    async (req) => decks.listCards(req.userId, req.params.id, req.query),
  );

  app.get(
    '/deck/flashcards/:id/',
    {
      ...secured,
      schema: {
        ...schema,
        description: 'A card.',
        params: idParams,
        response: { 200: flashcard, ...errors },
      },
    },
    async (req) => decks.getCard(req.userId, req.params.id),
  );

  app.put(
    '/deck/flashcards/:id/',
    {
      ...secured,
      schema: {
        ...schema,
        description:
          "Edits a card; `deck` may name another of the learner's decks to move it there. The card keeps " +
          'its review schedule.',
        params: idParams,
        body: flashcardUpdateBody,
        response: { 200: flashcard, ...errors },
      },
    },
    async (req) => decks.updateCard(req.userId, req.params.id, req.body),
  );

  app.delete(
    '/deck/flashcards/:id/',
    {
      ...secured,
      schema: {
        ...schema,
        description: 'Deletes a card (its review history stays).',
        params: idParams,
        response: { ...noContent, ...errors },
      },
    },
    async (req, reply) => {
      await decks.removeCard(req.userId, req.params.id);
      return reply.status(204).send(null);
    },
  );

  app.get(
    '/deck/decks/:id/review/',
    {
      ...secured,
      schema: {
        ...schema,
        description:
          `The cards to review now: due cards first (longest due first), then new cards, at most ` +
          `NEW_CARDS_PER_DAY (20) first answers per deck and local day; up to REVIEW_BATCH (50) at a time.`,
        params: idParams,
        response: { 200: reviewQueue, ...errors },
      },
    },
    async (req) => decks.queue(req.userId, req.params.id),
  );

  app.post(
    '/deck/reviews/',
    {
      ...secured,
      schema: {
        ...schema,
        description:
          'Answers a card (FSRS: right is Good, wrong is Again) and schedules it. A card answered twice at ' +
          'once counts once: the other answer gets `counted: false` and the card as scheduled. A card ' +
          'that is not due may be practised; it is scheduled the same way.',
        body: reviewBody,
        response: { 200: reviewResult, ...errors },
      },
    },
    async (req) => decks.review(req.userId, req.body),
  );

  app.get(
    '/deck/decks/:id/review-resume/',
    {
      ...secured,
      schema: {
        ...schema,
        description: "The deck's reviews on the learner's local day.",
        params: idParams,
        response: { 200: reviewResume, ...errors },
      },
    },
    async (req) => decks.resume(req.userId, req.params.id),
  );

  app.get(
    '/deck/statistics/summary/',
    {
      ...secured,
      schema: {
        ...schema,
        description:
          'Review streak (consecutive local days ending today or yesterday), cards due now in all decks, ' +
          'cards created today and cards in all.',
        response: { 200: statisticsSummary, 401: errorResponse },
      },
    },
    async (req) => decks.summary(req.userId),
  );
};

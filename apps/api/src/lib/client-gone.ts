import type { FastifyReply } from 'fastify';

/** The client closed its connection before its answer: nobody is left to answer. */
export class ClientGone extends Error {
  constructor() {
    super('The client closed the connection before its answer.');
  }
}

/**
 * A signal that aborts (with `ClientGone`) when the client closes its connection before its answer
 * is sent, for work worth dropping then: a password hash waiting its turn.
 */
export function untilClientGone(reply: FastifyReply): AbortSignal {
  const controller = new AbortController();
  if (reply.raw.destroyed) controller.abort(new ClientGone());
  else {
    reply.raw.once('close', () => {
      if (!reply.raw.writableFinished) controller.abort(new ClientGone());
    });
  }
  return controller.signal;
}

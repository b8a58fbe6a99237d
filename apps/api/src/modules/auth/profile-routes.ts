import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  AVATAR_MAX_BYTES,
  billingInfoBody,
  confirmEmailBody,
  errorResponse,
  me,
  messageResponse,
  tokenPair,
  updateAvatarBody,
  updatePasswordBody,
  updateUserBody,
  usernameAvailability,
  usernameBody,
} from '@lendo/shared';
import { authRateLimit } from '../../lib/auth-rate-limit.ts';
import { errorBody, notFound } from '../../lib/errors.ts';
import type { FileStore } from '../../lib/file-store.ts';
import { AVATAR_TYPES, avatarTooLarge, type ProfileService } from './profile-service.ts';

const errors = { 400: errorResponse, 401: errorResponse, 409: errorResponse, 429: errorResponse };
/** The largest image in base64 (4 characters per 3 bytes), plus room for a data: prefix and the JSON. */
const AVATAR_BODY_LIMIT = Math.ceil(AVATAR_MAX_BYTES / 3) * 4 + 64 * 1024;
const FILE_NAME = /^[0-9a-f]{64}\.(png|jpg)$/;

export const profileRoutes: FastifyPluginAsyncZod<{
  profile: ProfileService;
  files: FileStore;
  rateLimit: { max: number; windowSeconds: number };
}> = async (app, { profile, files, rateLimit }) => {
  const tags = ['profile'];
  const secured = { tags, security: [{ bearer: [] }] };
  // Password checks are limited like sign-in: per IP and per signed-in user.
  const limited = authRateLimit(app, rateLimit, (req) => req.userId);

  app.post(
    '/auth/update-avatar/',
    {
      onRequest: app.authenticate,
      bodyLimit: AVATAR_BODY_LIMIT,
      // A body over the limit is an image over 10 MB: say so, not just "request too large".
      errorHandler: (error, request, reply) => {
        if ((error as { statusCode?: number }).statusCode === 413) {
          const tooLarge = avatarTooLarge();
          return reply.status(413).send(errorBody(tooLarge.code, tooLarge.fields));
        }
        return app.errorHandler(error, request, reply);
      },
      schema: {
        ...secured,
        description:
          'Sets the profile image: base64 data (a data: URL prefix is allowed) of a JPEG or PNG of at ' +
          'most 10 MB, told apart by its bytes, not its name. Answers the user with the new avatar_url.',
        body: updateAvatarBody,
        response: { 200: me, 413: errorResponse, ...errors },
      },
    },
    async (req) => profile.updateAvatar(req.userId, req.body.avatar),
  );

  app.post(
    '/auth/clear-avatar/',
    {
      onRequest: app.authenticate,
      schema: { ...secured, description: 'Removes the profile image.', response: { 200: me, ...errors } },
    },
    async (req) => profile.clearAvatar(req.userId),
  );

  app.get(
    '/files/avatars/:userId/:name',
    {
      schema: {
        tags,
        description:
          'A profile image (image/png or image/jpeg; 404 when there is none). Public, like the ' +
          'avatar_url that names it; the name is the hash of the content, so it is cached for good.',
        params: z.object({ userId: z.uuid({ error: 'error.not-found' }), name: z.string() }),
      },
    },
    async (req, reply) => {
      const extension = FILE_NAME.exec(req.params.name)?.[1];
      const data = extension && (await files.read(`avatars/${req.params.userId}/${req.params.name}`));
      if (!data) throw notFound();
      const type = AVATAR_TYPES.find((t) => t.extension === extension)!;
      return reply
        .type(type.contentType)
        .header('cache-control', 'public, max-age=31536000, immutable')
        .header('x-content-type-options', 'nosniff')
        .send(data);
    },
  );

  app.post(
    '/auth/check-username/',
    {
      onRequest: app.authenticate,
      schema: {
        ...secured,
        description:
          'Whether the caller may take this username: a malformed one is a 400; a taken one (in any ' +
          'case, other than their own) or an offensive one is not available, with the reason in code.',
        body: usernameBody,
        response: { 200: usernameAvailability, ...errors },
      },
    },
    async (req) => profile.checkUsername(req.userId, req.body.username),
  );

  app.post(
    '/auth/update-username/',
    {
      onRequest: app.authenticate,
      schema: {
        ...secured,
        description: 'Changes the username: 409 profile.username-taken, 400 profile.username-offensive.',
        body: usernameBody,
        response: { 200: me, ...errors },
      },
    },
    async (req) => profile.updateUsername(req.userId, req.body.username),
  );

  app.post(
    '/auth/update-billing-info/',
    {
      onRequest: app.authenticate,
      schema: {
        ...secured,
        description:
          'Saves the full name and CPF used at checkout (the CPF is stored as 11 digits; optional outside ' +
          'Brazil, left out keeps the saved one, empty clears it).',
        body: billingInfoBody,
        response: { 200: me, ...errors },
      },
    },
    async (req) => profile.updateBillingInfo(req.userId, req.body),
  );

  app.put(
    '/auth/update-user/',
    {
      onRequest: app.authenticate,
      schema: {
        ...secured,
        description:
          'Name, locale and time zone apply at once. A different email is not applied: a link is ' +
          'mailed to it (valid 24 hours), the current address is told, and pending_email shows it ' +
          'until POST /auth/confirm-email/. An email another account has is 409 error.email-in-use ' +
          '(sign-up tells as much). The current email cancels a pending change.',
        body: updateUserBody,
        response: { 200: me, ...errors },
      },
    },
    async (req) => profile.updateUser(req.userId, req.body),
  );

  app.post(
    '/auth/verify-email/',
    {
      onRequest: app.authenticate,
      preHandler: limited,
      schema: {
        ...secured,
        description:
          "Mails a new link that verifies the account's email (sign-up mails the first); opening it " +
          '(POST /auth/confirm-email/) makes email_verified true. 409 profile.email-already-verified ' +
          'when it is; rate limited like sign-in.',
        response: { 200: messageResponse, ...errors },
      },
    },
    async (req) => {
      await profile.resendVerification(req.userId);
      return { message: 'Verification email sent.' };
    },
  );

  app.post(
    '/auth/confirm-email/',
    {
      schema: {
        tags,
        description:
          'Opens the link mailed by an email change or a verification (no sign-in needed): the address ' +
          "becomes the account's, verified, and on a change the old one is told. A used or expired link is 400 " +
          'profile.invalid-email-link.',
        body: confirmEmailBody,
        response: { 200: messageResponse, ...errors },
      },
    },
    async (req) => {
      await profile.confirmEmail(req.body.token);
      return { message: 'Email changed.' };
    },
  );

  app.post(
    '/auth/update-password/',
    {
      onRequest: app.authenticate,
      preHandler: limited,
      schema: {
        ...secured,
        description:
          'Changes the password. With a password set, old_password is required and checked (400 ' +
          'profile.wrong-password; attempts are rate limited like sign-in). An account without one ' +
          '(made through Google) sets its first password without old_password. Every session is ' +
          'signed out; the answer is a new token pair for this one (a remembered session).',
        body: updatePasswordBody,
        response: { 200: tokenPair, ...errors },
      },
    },
    async (req) => profile.updatePassword(req.userId, req.body),
  );

  app.post(
    '/auth/deactivate/',
    {
      onRequest: app.authenticate,
      schema: {
        ...secured,
        description:
          'Deactivates the account: every session ends and its access tokens stop working. Signing ' +
          'in again (password or Google) restores it.',
        response: { 200: messageResponse, ...errors },
      },
    },
    async (req) => {
      await profile.deactivate(req.userId);
      return { message: 'Account deactivated.' };
    },
  );

  app.delete(
    '/auth/me/',
    {
      onRequest: app.authenticate,
      schema: {
        ...secured,
        description:
          "Deletes the account for good: all of its data and files. The web's confirmation modal is " +
          'the safeguard (SPEC §2 shows no password there), so no body is taken. Signing up again ' +
          'with the same email starts an empty account.',
        response: { 200: messageResponse, ...errors },
      },
    },
    async (req) => {
      await profile.deleteAccount(req.userId);
      return { message: 'Account deleted.' };
    },
  );
};

import type { FastifyRequest } from 'fastify';
import { AppError } from '../../lib/errors.ts';
import type { EntitlementsService } from '../entitlements/service.ts';

/**
 * A hook run after authentication (before any body is read) that lets through learners whose plan includes the graded
 * reader (pro or above, SPEC §6) and answers others 403 limits.graded-reader.
 */
export const requireGradedReader =
  (entitlements: Pick<EntitlementsService, 'hasAccess'>) => async (request: FastifyRequest) => {
    if (!(await entitlements.hasAccess(request.userId, 'graded_reader'))) {
      throw new AppError(403, 'limits.graded-reader');
    }
  };

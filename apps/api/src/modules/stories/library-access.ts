import { PLAN_ALLOWANCES, type PlanTier } from '@lendo/shared';

/**
 * Whether a story is locked for a learner on `plan`: the basic plan reads only the free stories,
 * the others the whole library (DESIGN §5). A locked story is listed, its chapters refused.
 */
export function isLocked(story: { free: boolean }, plan: PlanTier): boolean {
  return !story.free && !PLAN_ALLOWANCES[plan].fullLibrary;
}

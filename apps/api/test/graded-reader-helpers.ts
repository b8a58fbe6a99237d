import { readLibrary } from '@lendo/content';
import type {
  ComprehensionResult,
  GradedReaderDashboard,
  GradedReaderNotice,
  SignupBody,
  TokenPair,
} from '@lendo/shared';
import type { App } from '../src/app.ts';
import { subscriber } from './billing-helpers.ts';
import { body, client, type Client } from './deck-helpers.ts';
import { chapterId, storyOf } from './story-helpers.ts';

/** A learner on the pro trial (graded reader included), in `timezone` when given. */
export async function proLearner(app: App, timezone?: string) {
  const who = await subscriber(app);
  if (timezone) body(await who.api.put('/auth/update-user/', { timezone }));
  return who;
}

/**
 * Signs the learner in again: access tokens last 15 minutes on the test clock too, and tests
 * move it by hours and days.
 */
export async function signIn(app: App, account: Pick<SignupBody, 'email' | 'password'>): Promise<Client> {
  const res = await app.inject({
    method: 'POST',
    url: '/api/auth/signin/',
    payload: { email: account.email, password: account.password },
  });
  return client(app, body<TokenPair>(res));
}

export const dashboard = async (api: Client) => body<GradedReaderDashboard>(await api.get('/graded-reader/'));
export const notices = async (api: Client) =>
  body<GradedReaderNotice[]>(await api.get('/graded-reader/notices/'));

/** The authored questions of each story (answers included), as the content package has them. */
const questionsBySlug = new Map(readLibrary().map((s) => [s.story.slug, s.questions.chapters]));

/** Answers with `right` right answers (the first ones) and the rest wrong. */
export function answers(slug: string, chapter: number, right: number) {
  return questionsBySlug
    .get(slug)!
    [chapter - 1]!.map((q, i) => (i < right ? q.answer : (q.answer + 1) % q.options.length));
}

export const answerCheck = async (api: Client, slug: string, chapter: number, right: number) =>
  body<ComprehensionResult>(
    await api.post(`/graded-reader/chapters/${chapterId(slug, chapter)}/check/`, {
      answers: answers(slug, chapter, right),
    }),
  );

/** Passes every chapter's check of a story; the points it paid. */
export async function completeStory(api: Client, slug: string) {
  let points = 0;
  for (let n = 1; n <= storyOf(slug).chapters.length; n += 1) {
    points += (await answerCheck(api, slug, n, 3)).points_awarded;
  }
  return points;
}

import { z } from 'zod';
import { SENTENCE_MAX, STORY_GEN_STORIES_MAX, TTS_TEXT_MAX } from './constants.ts';

/**
 * Every error code the API can answer with, mapped to its English message.
 * The code doubles as the web's translation key.
 */
export const ERROR_MESSAGES = {
  'error.password-required': 'Password is required.',
  'error.password-min-length': 'Password must have at least 8 characters.',
  'error.password-lowercase-and-uppercase': 'Password must contain upper and lower case letters.',
  'error.password-number': 'Password must contain numbers.',
  'error.password-special-character': 'Password must contain special characters.',
  'error.passwords-do-not-match': 'Passwords do not match.',
  'error.invalid-credentials': 'Invalid email or password.',
  'error.signup-failed': 'Problems registering.',
  'error.email-in-use': 'An account with this email already exists.',
  'error.invalid-reset-link': 'Invalid or expired reset link.',
  'error.invalid-refresh-token': 'Invalid refresh token',
  'error.password-change-error': 'Error updating password.',
  'error.something-went-wrong': 'Something went wrong, try again.',
  'error.unexpected': 'An error occurred, try again later.',
  'error.validation': 'The request is not valid.',
  'error.required': 'This field is required.',
  'error.invalid-value': 'This value is not valid.',
  'error.unauthorized': 'Authentication is required.',
  'error.forbidden': 'You are not allowed to do this.',
  'error.not-found': 'Not found.',
  'error.conflict': 'This conflicts with the current state.',
  'error.too-many-requests': 'Too many attempts. Wait a moment and try again.',
  'error.payload-too-large': 'The request is too large.',
  'error.uri-too-long': 'The address is too long.',
  'error.headers-too-large': 'The request headers are too large.',
  'error.request-timeout': 'The request took too long to arrive.',
  'error.control-characters': 'Text may not contain control characters.',
  'error.not-ready': 'The service is not ready yet.',
  'error.sentence-too-long': `The sentence may have at most ${SENTENCE_MAX} characters.`,
  'error.tts-text-too-long': `Text to read aloud may have at most ${TTS_TEXT_MAX} characters.`,
  'error.dictionary-unavailable': 'The dictionary is not available right now, try again later.',
  'error.speech-unavailable': 'Audio is not available right now, try again later.',
  'profile.same-password': 'The new password must be different from the current one.',
  'profile.email-already-verified': 'This email is verified already.',
  'profile.username-required': 'Username is required.',
  'profile.username-min-length': 'Username must have at least 3 characters.',
  'profile.username-max-length': 'Username must have at most 20 characters.',
  'profile.username-invalid-characters': 'Username may only contain letters, numbers, underscore and hyphen.',
  'profile.username-special-characters': 'Username must not start or end with a hyphen or underscore.',
  'profile.username-consecutive-special': 'Username must not contain two special characters in a row.',
  'profile.username-taken': 'This username is not available.',
  'profile.email-required': 'Email is required.',
  'profile.invalid-email': 'Invalid email.',
  'profile.username-offensive': 'This username is not allowed.',
  'profile.err-change-username': 'Error changing username.',
  'profile.error-changing-email': 'Error changing email.',
  'profile.error-changing-language': 'Error changing language.',
  'profile.invalid-email-link': 'Invalid or expired email confirmation link.',
  'profile.image-type': 'The image must be a JPEG or PNG file.',
  'profile.image-too-large': 'The image must have a maximum of 10MB.',
  'profile.wrong-password': 'The current password is not correct.',
  'profile.last-sign-in-method': 'This is your only way to sign in. Set a password before removing it.',
  'profile.google-failed': 'Signing in with Google failed, try again.',
  'profile.google-in-use': 'This Google account is linked to another user.',
  'billing.fullname-required': 'Full name is required.',
  'billing.fullname-incomplete': 'Enter your full name.',
  'billing.cpf-required': 'CPF is required.',
  'billing.invalid-cpf': 'Invalid CPF.',
  'billing.invalid-coupon': 'Invalid coupon.',
  'billing.card-required': 'Enter the card number.',
  'billing.holder-required': 'The card-holder name is required.',
  'billing.invalid-expiry': "The card's expiry date is not valid.",
  'billing.card-declined': 'Your card was declined.',
  'billing.payment-method-not-found': 'Payment method not found.',
  'billing.payment-method-in-use': 'This card pays your subscription. Add another card before removing it.',
  'billing.already-subscribed': 'You already have a subscription. Change it in Settings › Subscription.',
  'billing.billing-info-required': 'Enter your full name and CPF to subscribe.',
  'billing.fullname-needed': 'Enter your full name to subscribe.',
  'billing.no-subscription': 'You have no subscription.',
  'billing.offer-unavailable': 'This offer is not available for your subscription.',
  'billing.cannot-reactivate':
    'This subscription can no longer be reactivated. Choose a plan to subscribe again.',
  'billing.reason-required': 'Choose a reason.',
  'billing.same-plan': 'You are already on this plan.',
  'billing.plan-not-available': 'This plan cannot be bought here.',
  'billing.idempotency-mismatch': 'This Idempotency-Key was used for a different request.',
  'billing.in-progress': 'A payment is already being processed. Wait a moment and try again.',
  'billing.webhook-signature': 'The webhook signature is not valid.',
  'billing.provider-unavailable': 'The payment provider is not available right now, try again later.',
  'decks.deck-name-error': 'Deck name is required.',
  'decks.last-deck': 'The last deck of a language cannot be deleted.',
  'flashcard.duplicate': 'This deck already has a card for this word.',
  'flashcard.front-error': 'Front is required.',
  'flashcard.back-error': 'Back is required.',
  'limits.flashcards': 'You have used all the flashcards of your plan this month.',
  'limits.decks': 'You have reached the number of decks your plan allows.',
  'limits.translations': 'You have used all the translations of your plan this month.',
  'limits.audio': 'You have used all the audio minutes of your plan this month.',
  'limits.ai-sentences': 'Your plan has no AI sentences left this month.',
  'limits.graded-reader': 'The graded reader is part of the Pro plan.',
  'limits.library': 'This story is part of the Pro plan.',
  'limits.languages': 'Studying several languages at once is part of the Premium plan.',
  'story-gen.model-failed': 'The story could not be written right now. Try again in a moment.',
  'story-gen.no-sentences':
    'No library sentences use these words at this level yet. Choose other words or a higher level.',
  'story-gen.too-many-stories': `You have ${STORY_GEN_STORIES_MAX} stories of your own. Delete one to write another.`,
  'story-gen.busy': 'A story is already being written for you. Wait for it to finish.',
} as const;

export type ErrorCode = keyof typeof ERROR_MESSAGES;

export function errorMessage(code: string): string {
  return (ERROR_MESSAGES as Record<string, string>)[code] ?? ERROR_MESSAGES['error.unexpected'];
}

/** The body of every non-2xx response (DESIGN §4). */
export const errorResponse = z
  .object({
    message: z.string(),
    code: z.string(),
    fields: z.record(z.string(), z.string()).optional(),
  })
  .meta({ id: 'Error' });
export type ErrorResponse = z.infer<typeof errorResponse>;

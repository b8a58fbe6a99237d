import { REVIEW_METHODS, type ReviewMethod } from '@lendo/shared';
import { useState } from 'react';

/** Where the learner's last review method is kept, so the next session starts with it. */
export const REVIEW_METHOD_KEY = 'review-method';

function storedMethod(): ReviewMethod {
  try {
    const stored = localStorage.getItem(REVIEW_METHOD_KEY);
    return REVIEW_METHODS.find((method) => method === stored) ?? 'guess';
  } catch {
    return 'guess';
  }
}

/** The review method, guess-and-show unless the learner chose Q&A last time. */
export function useReviewMethod(): [ReviewMethod, (method: ReviewMethod) => void] {
  const [method, setMethod] = useState(storedMethod);
  const choose = (next: ReviewMethod) => {
    setMethod(next);
    try {
      localStorage.setItem(REVIEW_METHOD_KEY, next);
    } catch {
      // Private browsing may refuse storage: the choice then lasts for this session only.
    }
  };
  return [method, choose];
}

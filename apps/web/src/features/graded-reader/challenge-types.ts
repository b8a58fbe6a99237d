import type { DailyChallengeType } from '@lendo/shared';
import {
  BookMarked,
  BookOpenCheck,
  Brain,
  FileText,
  Layers,
  Library,
  Repeat,
  Timer,
  type LucideIcon,
} from 'lucide-react';

/** Each daily challenge type's icon. */
export const CHALLENGE_ICONS: Record<DailyChallengeType, LucideIcon> = {
  complete_page: FileText,
  complete_chapter: BookOpenCheck,
  complete_story: BookMarked,
  create_flashcard: Layers,
  create_deck: Library,
  review_deck: Repeat,
  learn_word: Brain,
  read_for_time: Timer,
};

/** The counted text of a challenge ("Read 5 pages"): t(key, { count: target }). */
export const challengeLabelKey = (type: DailyChallengeType) => `graded-reader.challenge.${type}`;

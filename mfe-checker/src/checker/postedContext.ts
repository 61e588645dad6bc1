/**
 * What the server's answer to a step posted without JavaScript says beyond the answers
 * (postedSteps.ts): the texts kept as typed, whether the step's messages show, the human check's
 * token and message. Null on every other render.
 */
import { createContext, useContext } from 'react';
import type { Fields } from './formFields';

export interface PostedCheckerState {
  /** texts that are not numbers, by field name, shown as typed with their message */
  typed: Fields;
  /** the step's messages show at once (Next was pressed with questions unanswered) */
  showMessages: boolean;
  /** the server's signed token for the human check without JavaScript */
  humanToken: string;
  /** why the human check posted did not pass, in the server's words; null when it did or none was posted */
  humanMessage: string | null;
}

export const PostedChecker = createContext<PostedCheckerState | null>(null);

export function usePostedChecker(): PostedCheckerState | null {
  return useContext(PostedChecker);
}

/** checker/SavingsChecker: the print-savings checker page, mounted by the shell at /discover-print-savings. */
import { use, useState } from 'react';
import { useLocation } from 'react-router-dom';
import { useHydrated, usePostedForm, type PostedForm, type SavingsCheckerProps } from '@copytech/shared';
import { CheckerPage } from '../CheckerPage';
import { SavingsCheckerStore } from '../checker/SavingsCheckerStore';
import { checkerStore } from '../checker/checkerStore';
import { CHECKER_FORM } from '../checker/formFields';
import { PostedChecker, type PostedCheckerState } from '../checker/postedContext';

type PostedStep = Extract<PostedForm, { status: 'step' }>;
type PostedSteps = typeof import('../checker/postedSteps');

// Reading a posted step back is needed only on a page that answers one: its own chunk.
let posting: Promise<PostedSteps> | null = null;
const loadPostedSteps = () => (posting ??= import(/* webpackChunkName: "checker-posted" */ '../checker/postedSteps'));

/** The store and what else the page shows for a step posted without JavaScript (postedSteps.ts). */
function fromPost({ applyPostedStep }: PostedSteps, posted: PostedStep): { store: SavingsCheckerStore; state: PostedCheckerState } {
  const store = new SavingsCheckerStore(null);
  const { typed, showMessages } = applyPostedStep(store, posted.values, posted.human?.passed === true);
  const humanMessage = posted.human && !posted.human.passed ? posted.human.message : null;
  return { store, state: { typed, showMessages, humanToken: posted.humanToken, humanMessage } };
}

export default function SavingsChecker(_props: SavingsCheckerProps) {
  // The visitor's saved progress is in their browser. The server renders the checker's first step
  // from a store of its own (per render: never shared between two requests), and so does the
  // hydration; the visitor's store, with their progress, takes over right after. A step posted
  // without JavaScript is rendered from what was posted (the render waits for the code that
  // reads it), and stays in its own store.
  const hydrated = useHydrated();
  const { pathname } = useLocation();
  const posted = usePostedForm(CHECKER_FORM, pathname);
  const step = posted?.status === 'step' ? posted : null;
  const postedSteps = step ? use(loadPostedSteps()) : null;
  const [pristine] = useState(() => (hydrated ? null : new SavingsCheckerStore(null)));
  const [fromPosted] = useState(() => (step && postedSteps ? fromPost(postedSteps, step) : null));
  if (fromPosted)
    return (
      <PostedChecker.Provider value={fromPosted.state}>
        <CheckerPage key="posted" store={fromPosted.store} inRender />
      </PostedChecker.Provider>
    );
  return hydrated || !pristine ? <CheckerPage key="visitor" store={checkerStore()} /> : <CheckerPage key="server" store={pristine} />;
}

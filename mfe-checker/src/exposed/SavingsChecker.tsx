/** checker/SavingsChecker: the print-savings checker page, mounted by the shell at /discover-print-savings. */
import { useState } from 'react';
import { useHydrated, type SavingsCheckerProps } from '@copytech/shared';
import { CheckerPage } from '../CheckerPage';
import { SavingsCheckerStore } from '../checker/SavingsCheckerStore';
import { checkerStore } from '../checker/checkerStore';

export default function SavingsChecker(_props: SavingsCheckerProps) {
  // The visitor's saved progress is in their browser. The server renders the checker's first step
  // from a store of its own (per render: never shared between two requests), and so does the
  // hydration; the visitor's store, with their progress, takes over right after.
  const hydrated = useHydrated();
  const [pristine] = useState(() => (hydrated ? null : new SavingsCheckerStore(null)));
  return hydrated || !pristine ? <CheckerPage key="visitor" store={checkerStore()} /> : <CheckerPage key="server" store={pristine} />;
}

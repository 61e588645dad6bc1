/** checker/SavingsChecker: the print-savings checker page, mounted by the shell at /discover-print-savings. */
import type { SavingsCheckerProps } from '@copytech/shared';
import { CheckerPage } from '../CheckerPage';
import { checkerStore } from '../checker/checkerStore';

export default function SavingsChecker(_props: SavingsCheckerProps) {
  return <CheckerPage store={checkerStore()} />;
}

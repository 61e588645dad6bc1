/** Where the checker posts without JavaScript (postedSteps.ts): its own page, with the machine it was opened for and nothing else of the query. */
import { useLocation, useSearchParams } from 'react-router-dom';
import { CHECKER_MACHINE_PARAM } from '@copytech/shared/domain';

export function usePostAction(): string {
  const { pathname } = useLocation();
  const [search] = useSearchParams();
  const machine = search.get(CHECKER_MACHINE_PARAM);
  return machine ? `${pathname}?${new URLSearchParams({ [CHECKER_MACHINE_PARAM]: machine }).toString()}` : pathname;
}

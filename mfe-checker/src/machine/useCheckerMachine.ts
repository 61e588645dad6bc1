/**
 * The machine the checker is opened for (docs/product-rules.md "The checker for one machine"):
 * `?machine=<modelId>` reads that product by the same URL on both sides (usePageData: the server
 * answers it in process, so the page is rendered with the machine, and the browser hydrates with
 * the same answer), then `checkerMachineOf` decides whether it can be Copytech's side.
 */
import { useEffect, useState } from 'react';
import { useSearchParams } from 'react-router-dom';
import { usePageData } from '@copytech/shared';
import {
  API_PATHS,
  CHECKER_MACHINE_PARAM,
  checkerMachineOf,
  readCheckerMachineId,
  type CheckerMachine,
  type CheckerMachineProblem,
  type CommercialTerms,
  type Product,
} from '@copytech/shared/domain';

export type CheckerMachineState =
  /** no machine asked for: the "from" prices */
  | { status: 'none' }
  /** the product is on its way (a page rendered in the browser alone) or the terms are not in yet */
  | { status: 'loading'; modelId: string }
  | { status: 'machine'; machine: CheckerMachine }
  /** asked for, but it cannot be Copytech's side: the "from" prices, and the page says why */
  | { status: 'problem'; problem: CheckerMachineProblem }
  /** it could not be loaded (network): the "from" prices meanwhile, and a retry */
  | { status: 'failed'; modelId: string };

type Answer = { ok: true; product: Product | null } | { ok: false; missing: boolean };

/** An API answer as this hook needs it: a product, not found, or a failure. */
function answerOf(value: { ok: true; value: unknown } | { ok: false; status: number }): Answer {
  if (!value.ok) return { ok: false, missing: value.status === 404 || value.status === 400 };
  const product = value.value as Product | null;
  return { ok: true, product: product && typeof product === 'object' && typeof product.modelId === 'string' ? product : null };
}

export function useCheckerMachine(terms: CommercialTerms | null): [CheckerMachineState, () => void] {
  const [params] = useSearchParams();
  const raw = params.get(CHECKER_MACHINE_PARAM);
  const modelId = readCheckerMachineId(raw);
  const url = modelId ? API_PATHS.product(modelId) : null;
  const first = usePageData<unknown>(url);
  const [fetched, setFetched] = useState<{ url: string; answer: Answer } | null>(null);
  const [attempt, setAttempt] = useState(0);
  const answer = first ? answerOf(first) : fetched?.url === url ? fetched.answer : null;
  const needsFetch = url !== null && !first && (!fetched || fetched.url !== url || attempt > 0);

  useEffect(() => {
    if (!url || !needsFetch) return undefined;
    const controller = new AbortController();
    fetch(url, { headers: { Accept: 'application/json' }, signal: controller.signal })
      .then(async (response) =>
        answerOf(response.ok ? { ok: true, value: (await response.json()) as unknown } : { ok: false, status: response.status }),
      )
      .catch((): Answer | null => (controller.signal.aborted ? null : { ok: false, missing: false }))
      .then((next) => {
        if (!next) return;
        setFetched({ url, answer: next });
        setAttempt(0);
      });
    return () => controller.abort();
    // needsFetch follows url and attempt
  }, [url, attempt]); // eslint-disable-line react-hooks/exhaustive-deps

  const retry = () => setAttempt((n) => n + 1);
  if (raw === null || raw === '') return [{ status: 'none' }, retry];
  if (!modelId) return [{ status: 'problem', problem: 'unknown' }, retry];
  if (!answer || !terms) return [{ status: 'loading', modelId }, retry];
  if (!answer.ok) return [answer.missing ? { status: 'problem', problem: 'unknown' } : { status: 'failed', modelId }, retry];
  const lookup = checkerMachineOf(answer.product, terms);
  return [lookup.machine ? { status: 'machine', machine: lookup.machine } : { status: 'problem', problem: lookup.problem }, retry];
}

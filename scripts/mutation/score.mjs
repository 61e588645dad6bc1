// @ts-check
/**
 * The verdict on what a change touched (docs/mutation-testing.md "What a change touched, in CI"),
 * from the mutants' results that `progressReporter.mjs` wrote: the score per file and overall,
 * counted as Stryker counts it (killed and timed out, over those and the survivors and the mutants
 * no test reached; mutants that do not compile, and ignored ones, count for nothing).
 */

/** @typedef {{ file: string, line: number, mutatorName: string, replacement?: string, status: string }} MutantLine */
/** @typedef {{ killed: number, survived: number, noCoverage: number, timeout: number, other: number }} Tally */

const UNDETECTED = new Set(['Survived', 'NoCoverage']);

/** @returns {Tally} */
function emptyTally() {
  return { killed: 0, survived: 0, noCoverage: 0, timeout: 0, other: 0 };
}

/** @param {Tally} tally @param {string} status */
function count(tally, status) {
  if (status === 'Killed') tally.killed += 1;
  else if (status === 'Survived') tally.survived += 1;
  else if (status === 'NoCoverage') tally.noCoverage += 1;
  else if (status === 'Timeout') tally.timeout += 1;
  else tally.other += 1;
}

/** The score of a tally in percent, or null when no mutant in it was judged. @param {Tally} tally */
export function scoreOf(tally) {
  const detected = tally.killed + tally.timeout;
  const judged = detected + tally.survived + tally.noCoverage;
  return judged === 0 ? null : (detected / judged) * 100;
}

/**
 * @param {MutantLine[]} mutants every result reached
 * @param {number} threshold the lowest passing score, in percent
 * @returns {{ files: Map<string, Tally>, total: Tally, score: number | null, passed: boolean, undetected: MutantLine[] }}
 */
export function verdict(mutants, threshold) {
  /** @type {Map<string, Tally>} */
  const files = new Map();
  const total = emptyTally();
  /** @type {MutantLine[]} */
  const undetected = [];
  for (const mutant of mutants) {
    const tally = files.get(mutant.file) ?? emptyTally();
    count(tally, mutant.status);
    count(total, mutant.status);
    files.set(mutant.file, tally);
    if (UNDETECTED.has(mutant.status)) undetected.push(mutant);
  }
  const score = scoreOf(total);
  return { files, total, score, passed: score === null || score >= threshold, undetected };
}

/**
 * Each room's share of what is left of the time budget, by its number of touched lines (a room with
 * more changed code gets more time): at least `floor` seconds while the budget lasts, never more
 * than is left.
 *
 * @param {number} remainingSeconds @param {number} lines the room's touched lines
 * @param {number} remainingLines the touched lines of this room and those still to run
 * @param {number} floor
 */
export function shareOf(remainingSeconds, lines, remainingLines, floor) {
  const left = Math.max(0, Math.floor(remainingSeconds));
  const share = remainingLines <= 0 ? left : Math.floor((left * lines) / remainingLines);
  return Math.min(left, Math.max(floor, share));
}

// @ts-check
/**
 * A Stryker reporter that writes each mutant's result as it is known, one JSON line each, to the
 * file named by MUTATION_PROGRESS: `changed.mjs` stops a run at its time budget and still knows
 * every result reached so far. The first line is the plan (how many mutants will be tested).
 */
import fs from 'node:fs';
import { PluginKind, declareClassPlugin } from '@stryker-mutator/api/plugin';

class ProgressReporter {
  constructor() {
    this.file = process.env.MUTATION_PROGRESS ?? '';
    if (this.file) fs.writeFileSync(this.file, '');
  }

  /** @param {object} line */
  write(line) {
    if (this.file) fs.appendFileSync(this.file, `${JSON.stringify(line)}\n`);
  }

  /** @param {import('@stryker-mutator/api/report').MutationTestingPlanReadyEvent} event */
  onMutationTestingPlanReady(event) {
    const planned = event.mutantPlans.filter((plan) => plan.plan === 'Run').length;
    this.write({ kind: 'plan', planned, total: event.mutantPlans.length });
  }

  /**
   * Every result as it is known, those known without a run (ignored, reached by no test) included.
   *
   * @param {Readonly<import('@stryker-mutator/api/core').MutantResult>} mutant
   */
  onMutantTested(mutant) {
    const { fileName, location, mutatorName, replacement, status } = mutant;
    this.write({ kind: 'mutant', file: fileName, line: location.start.line, mutatorName, replacement, status });
  }
}

export const strykerPlugins = [declareClassPlugin(PluginKind.Reporter, 'progress-lines', ProgressReporter)];

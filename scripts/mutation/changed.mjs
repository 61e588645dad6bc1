// @ts-check
/**
 * `npm run test:mutation:changed`: mutation-tests the source lines that the commits since the last
 * landed commit added or changed, room by room, within a time budget, and fails when they score
 * below 80% (docs/mutation-testing.md "What a change touched, in CI"). `.ci/run` runs it after
 * `npm test`.
 *
 * Environment: MUTATION_BASE (the commit to compare with; default `.ci/mutation-base`),
 * MUTATION_BUDGET_SECONDS (default 720: CI's other stages take about 30 minutes of its 45),
 * MUTATION_THRESHOLD (default 80).
 *
 * A room's run that reaches its share of the budget is stopped; the mutants it tested count, the
 * rest are reported as not reached. A run that fails before it tests anything (its tests fail on
 * the unchanged code, a config error) fails the check.
 */
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { linesOf, touchedPlan } from './plan.mjs';
import { shareOf, verdict } from './score.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..');
const budgetSeconds = Number(process.env.MUTATION_BUDGET_SECONDS ?? 720);
const threshold = Number(process.env.MUTATION_THRESHOLD ?? 80);
// Stryker starts and checks the room's TypeScript before its first mutant: a room gets at least this.
const FLOOR_SECONDS = 120;
// Less than this left, and a room is not started: Stryker would not reach its first mutant.
const MIN_SECONDS = 45;
const reports = path.join(root, 'reports', 'mutation');

/** @param {string} message */
const say = (message) => process.stdout.write(`${message}\n`);

/**
 * One room's Stryker run, stopped (its whole process group) at `seconds`.
 *
 * @param {import('./plan.mjs').RoomPlan} plan @param {number} seconds
 * @returns {Promise<{ stopped: boolean, code: number | null, planned: number | null, mutants: import('./score.mjs').MutantLine[] }>}
 */
function runRoom(plan, seconds) {
  const part = plan.files.every((file) => file.tests.length > 0) ? plan.room : `${plan.room}-related`;
  const planFile = path.join(reports, `changed-${part}.plan.json`);
  const progressFile = path.join(reports, `changed-${part}.progress.ndjson`);
  fs.writeFileSync(planFile, JSON.stringify(plan));
  fs.rmSync(progressFile, { force: true });
  const child = spawn(
    process.execPath,
    [path.join(root, 'node_modules/@stryker-mutator/core/bin/stryker.js'), 'run', 'stryker.config.changed.mjs'],
    {
      cwd: root,
      env: { ...process.env, MUTATION_PLAN: planFile, MUTATION_PROGRESS: progressFile },
      stdio: ['ignore', 'inherit', 'inherit'],
      detached: true,
    },
  );
  let stopped = false;
  const kill = (/** @type {NodeJS.Signals} */ signal) => {
    try {
      if (child.pid) process.kill(-child.pid, signal);
    } catch {
      // already gone
    }
  };
  const timer = setTimeout(() => {
    stopped = true;
    say(`\n== ${plan.room}: its ${seconds} s of the budget are spent; stopping the run`);
    kill('SIGTERM');
    setTimeout(() => kill('SIGKILL'), 10_000).unref();
  }, seconds * 1000);
  return new Promise((resolve) => {
    child.on('exit', (code) => {
      clearTimeout(timer);
      kill('SIGKILL'); // its test runners and checker, if any outlived it
      if (stopped) fs.rmSync(path.join(root, '.stryker-tmp'), { recursive: true, force: true });
      const lines = fs.existsSync(progressFile)
        ? fs
            .readFileSync(progressFile, 'utf8')
            .split('\n')
            .filter(Boolean)
            .map((line) => JSON.parse(line))
        : [];
      const planLine = lines.find((line) => line.kind === 'plan');
      const mutants = lines
        .filter((line) => line.kind === 'mutant')
        .map((line) => ({ ...line, file: path.relative(root, path.resolve(root, line.file)) }));
      resolve({ stopped, code, planned: planLine ? planLine.planned : null, mutants });
    });
  });
}

/**
 * The runs, in order: each room's files that have tests of their own, then (once those have run)
 * each room's files judged by Jest's related tests, which may be slow to find and to run.
 *
 * @param {import('./plan.mjs').RoomPlan[]} rooms
 * @returns {import('./plan.mjs').RoomPlan[]}
 */
function runsOf(rooms) {
  /** @param {import('./plan.mjs').RoomPlan} room @param {boolean} named */
  const part = (room, named) => {
    const files = room.files.filter((file) => file.tests.length > 0 === named);
    return { room: room.room, files, lines: linesOf(files) };
  };
  return [...rooms.map((room) => part(room, true)), ...rooms.map((room) => part(room, false))].filter((run) => run.files.length > 0);
}

/** @param {number | null} score */
const percent = (score) => (score === null ? 'none judged' : `${score.toFixed(1)}%`);

async function main() {
  const plan = touchedPlan({ root });
  say(`== mutation testing of what the change touched: ${plan.chosen}`);
  if (plan.rooms.length === 0) {
    say('== no room source line was added or changed: nothing to mutate');
    return 0;
  }
  fs.mkdirSync(reports, { recursive: true });
  const started = Date.now();
  /** @type {import('./score.mjs').MutantLine[]} */
  const all = [];
  const problems = [];
  const notReached = [];
  const runs = runsOf(plan.rooms);
  let remainingLines = runs.reduce((sum, room) => sum + room.lines, 0);
  for (const room of runs) {
    const left = budgetSeconds - (Date.now() - started) / 1000;
    const seconds = shareOf(left, room.lines, remainingLines, FLOOR_SECONDS);
    remainingLines -= room.lines;
    if (seconds < MIN_SECONDS) {
      notReached.push(`${room.room}: not run, the budget was spent (${room.lines} touched line(s))`);
      continue;
    }
    const judged = room.files[0]?.tests.length ? 'their own tests' : "Jest's related tests";
    say(`\n== ${room.room}: ${room.files.length} file(s), ${room.lines} touched line(s), by ${judged}, up to ${seconds} s`);
    for (const file of room.files)
      say(`   ${file.file} (${file.tests.length ? `${file.tests.length} test file(s)` : 'its related tests'})`);
    const result = await runRoom(room, seconds);
    all.push(...result.mutants);
    if (!result.stopped && result.code !== 0) problems.push(`${room.room}: Stryker exited with ${result.code} (see its output above)`);
    if (result.stopped && result.planned !== null) {
      const tested = result.mutants.length;
      notReached.push(
        `${room.room}: ${Math.max(0, result.planned - tested)} of ${result.planned} mutants not reached in its share of the budget`,
      );
    } else if (result.stopped)
      notReached.push(`${room.room}: stopped before its first mutant (its share went on Stryker's first run of the tests)`);
  }
  const outcome = verdict(all, threshold);
  say('\n== what the change touched, scored');
  for (const [file, tally] of outcome.files) {
    say(
      `   ${file}: ${tally.killed} killed, ${tally.timeout} timed out, ${tally.survived} survived, ${tally.noCoverage} reached by no test`,
    );
  }
  for (const mutant of outcome.undetected) {
    say(
      `   undetected: ${mutant.file}:${mutant.line} ${mutant.mutatorName}${mutant.replacement ? ` -> ${mutant.replacement.split('\n')[0]}` : ''} (${mutant.status})`,
    );
  }
  for (const line of notReached) say(`   ${line}`);
  say(`== score ${percent(outcome.score)} (threshold ${threshold}%), in ${Math.round((Date.now() - started) / 1000)} s`);
  for (const problem of problems) say(`== failed: ${problem}`);
  if (!outcome.passed)
    say(
      `== failed: the touched lines score below ${threshold}%; kill the undetected mutants above with tests, or list each equivalent one in docs/mutation-testing.md and exclude it with a // Stryker disable comment that says why`,
    );
  return outcome.passed && problems.length === 0 ? 0 : 1;
}

process.exitCode = await main();

/**
 * The alert rules (docs/ops/alerts.yml) on Prometheus' own tool: `promtool check rules` passes on
 * them, and `promtool test rules` runs their unit tests (docs/ops/rules.test.yml), each alert
 * firing when it should and silent just short of it. Debian's `prometheus` package has promtool
 * (`.ci/run` installs it); without it this test fails saying so (TEST_PROMTOOL=skip leaves it out
 * explicitly, except under CI=true). Every alert has a runbook section and a unit test, and names
 * only series the server exports.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { OPS_DIR, exportedSeries, promtool, promtoolSkipped, seriesNamed } from './opsSeries';

const RULES = path.join(OPS_DIR, 'alerts.yml');
const TESTS = path.join(OPS_DIR, 'rules.test.yml');

const rules = readFileSync(RULES, 'utf8');
const alertNames = [...rules.matchAll(/^\s+- alert: (\w+)$/gm)].map((match) => match[1]!);

(promtoolSkipped ? describe.skip : describe)('alert rules on promtool', () => {
  it('promtool check rules passes on docs/ops/alerts.yml', async () => {
    const { code, output } = await promtool(['check', 'rules', RULES]);
    expect(output).toContain(`SUCCESS: ${alertNames.length} rules found`);
    expect(code).toBe(0);
  }, 30_000);

  it("the rules' unit tests pass (promtool test rules docs/ops/rules.test.yml)", async () => {
    const { code, output } = await promtool(['test', 'rules', TESTS]);
    expect(output).not.toContain('FAILED');
    expect(code).toBe(0);
  }, 30_000);
});

describe('what each alert says', () => {
  const tests = readFileSync(TESTS, 'utf8');
  const runbooks = readFileSync(path.join(OPS_DIR, 'runbooks.md'), 'utf8');

  it('has the alerts the on-call engineer needs, each with a runbook section and a test that fires it', () => {
    expect(alertNames).toEqual(
      expect.arrayContaining([
        'OutboxOldestDueOver15m',
        'OutboxDeadRows',
        'High5xxRate',
        'RemoteFallingBackToBrowser',
        'RemoteRenderP99OverBudget',
        'RateLimitsCountedLocally',
        'ReadinessFailing',
        'CanaryRolledBack',
      ]),
    );
    for (const name of alertNames) {
      expect(rules).toContain(`runbook_url: docs/ops/runbooks.md#${name.toLowerCase()}\n`);
      expect(runbooks).toContain(`\n## ${name}\n`);
      // a test case that expects it to fire, not only to stay silent
      expect(tests).toMatch(new RegExp(`alertname: ${name}\\n\\s+exp_alerts:\\n\\s+- exp_labels:`));
    }
    expect(rules.match(/summary: /g)).toHaveLength(alertNames.length);
    expect(rules.match(/description: /g)).toHaveLength(alertNames.length);
  });

  it('names only series the server exports', async () => {
    const { all } = await exportedSeries();
    const named = seriesNamed(rules);
    expect(named.length).toBeGreaterThan(8);
    expect(named.filter((name) => !all.has(name))).toEqual([]);
  });
});

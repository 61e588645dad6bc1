/**
 * The Grafana dashboard (docs/ops/dashboard.json): a Grafana 10/11 dashboard (schemaVersion 39)
 * whose queries go to the data source the `${datasource}` variable picks, each naming only series
 * the server exports (read from its metrics registry) and each valid PromQL (promtool checks them
 * as recording rules), with a panel for every series family of the server's own.
 */
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { OPS_DIR, exportedSeries, promtool, promtoolSkipped, seriesNamed } from './opsSeries';

interface Target {
  expr?: string;
  datasource?: { uid?: string };
}
interface Panel {
  type: string;
  title: string;
  datasource?: { uid?: string };
  targets?: Target[];
  panels?: Panel[];
}
interface Dashboard {
  schemaVersion: number;
  uid: string;
  templating: { list: Array<{ name: string; type: string; query?: unknown }> };
  panels: Panel[];
  annotations: { list: Target[] };
}

const dashboard = JSON.parse(readFileSync(path.join(OPS_DIR, 'dashboard.json'), 'utf8')) as Dashboard;
const panels = dashboard.panels.flatMap((panel) => [panel, ...(panel.panels ?? [])]).filter((panel) => panel.type !== 'row');
const exprs = panels.flatMap((panel) => (panel.targets ?? []).map((target) => ({ panel: panel.title, expr: target.expr ?? '' })));

describe('the Grafana dashboard', () => {
  it('is schema 39 with a data source variable every panel and query uses', () => {
    expect(dashboard.schemaVersion).toBe(39);
    expect(dashboard.uid).toBeTruthy();
    expect(dashboard.templating.list).toEqual(
      expect.arrayContaining([expect.objectContaining({ name: 'datasource', type: 'datasource', query: 'prometheus' })]),
    );
    expect(panels.length).toBeGreaterThan(10);
    for (const panel of panels) {
      expect({ panel: panel.title, uid: panel.datasource?.uid }).toEqual({ panel: panel.title, uid: '${datasource}' });
      expect(panel.targets?.length).toBeGreaterThan(0);
      for (const target of panel.targets ?? []) expect(target.datasource?.uid).toBe('${datasource}');
    }
  });

  it("names only series the server exports, in every panel's query and annotation", async () => {
    const { all } = await exportedSeries();
    const queries = [...exprs, ...dashboard.annotations.list.map((target) => ({ panel: 'annotation', expr: target.expr ?? '' }))];
    const unknown = queries.flatMap(({ panel, expr }) => {
      const named = seriesNamed(expr);
      return named.length === 0 ? [`${panel}: no series in ${expr}`] : named.filter((name) => !all.has(name)).map((n) => `${panel}: ${n}`);
    });
    expect(unknown).toEqual([]);
  });

  (promtoolSkipped ? it.skip : it)(
    'has only valid PromQL, with the variables as Grafana fills them in (promtool check rules)',
    async () => {
      // Grafana's variables replaced as Grafana does before a query is sent.
      const filled = (expr: string) => expr.replaceAll('$__rate_interval', '1m').replaceAll('$instance', '.*');
      const queries = [...exprs, ...dashboard.annotations.list.map((target) => ({ panel: 'annotation', expr: target.expr ?? '' }))];
      const rules = {
        groups: [{ name: 'dashboard', rules: queries.map(({ expr }, i) => ({ record: `dashboard:query_${i}`, expr: filled(expr) })) }],
      };
      const folder = mkdtempSync(path.join(os.tmpdir(), 'copytech-dashboard-'));
      try {
        const file = path.join(folder, 'dashboard-queries.yml');
        writeFileSync(file, JSON.stringify(rules)); // JSON is YAML
        const { code, output } = await promtool(['check', 'rules', file]);
        expect(output).toContain(`SUCCESS: ${queries.length} rules found`);
        expect(code).toBe(0);
      } finally {
        rmSync(folder, { recursive: true, force: true });
      }
    },
    30_000,
  );

  it("has a panel for every series family of the server's own", async () => {
    const { ours } = await exportedSeries();
    const shown = new Set(exprs.flatMap(({ expr }) => seriesNamed(expr)).map((name) => name.replace(/_(bucket|sum|count)$/, '')));
    expect(ours.length).toBeGreaterThan(15);
    expect(ours.filter((family) => !shown.has(family))).toEqual([]);
  });
});

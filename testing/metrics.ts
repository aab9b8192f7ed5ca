// Reading a scrape of GET /api/metrics (the Prometheus text format) and the example Grafana dashboard in deploy/.
import { readFileSync } from 'node:fs';
import path from 'node:path';

export interface Series {
  name: string;
  labels: Record<string, string>;
  value: number;
}

const LINE = /^([a-zA-Z_:][a-zA-Z0-9_:]*)(?:\{(.*)\})? (\S+)$/;
const LABEL = /([a-zA-Z_][a-zA-Z0-9_]*)="((?:[^"\\]|\\.)*)"/g;

/** Every series of a scrape with its labels and value. */
export function parseScrape(text: string): Series[] {
  const out: Series[] = [];
  for (const line of text.split('\n')) {
    if (line === '' || line.startsWith('#')) continue;
    const match = LINE.exec(line);
    if (!match) throw new Error(`not a Prometheus sample line: ${line}`);
    const labels: Record<string, string> = {};
    for (const [, key, value] of (match[2] ?? '').matchAll(LABEL)) labels[key!] = value!;
    out.push({ name: match[1]!, labels, value: Number(match[3]) });
  }
  return out;
}

/** The sum of the series of `name` whose labels include `where`. */
export function total(series: readonly Series[], name: string, where: Record<string, string> = {}): number {
  return series
    .filter((s) => s.name === name && Object.entries(where).every(([k, v]) => s.labels[k] === v))
    .reduce((sum, s) => sum + s.value, 0);
}

/** The names a query may use for the families of a scrape (a histogram's _bucket, _sum and _count too). */
export function scrapedNames(text: string): Set<string> {
  const names = new Set<string>();
  for (const [, name, type] of text.matchAll(/^# TYPE (\S+) (\S+)$/gm)) {
    names.add(name!);
    if (type === 'histogram' || type === 'summary')
      for (const suffix of ['_bucket', '_sum', '_count']) names.add(name! + suffix);
  }
  return names;
}

/** The metric names the queries of deploy/grafana-dashboard.json use. */
export function dashboardMetricNames(file = path.join(process.cwd(), 'deploy', 'grafana-dashboard.json')): string[] {
  const dashboard = JSON.parse(readFileSync(file, 'utf8')) as { panels: { targets?: { expr: string }[] }[] };
  const exprs = dashboard.panels.flatMap((panel) => (panel.targets ?? []).map((target) => target.expr));
  const names = exprs.flatMap((expr) => expr.match(/\b(?:bps|process|nodejs)_[a-z0-9_]+/g) ?? []);
  return [...new Set(names)].sort();
}

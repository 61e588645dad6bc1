/**
 * The outside services of the production topology, started for the topology test on this machine
 * and stopped after it (docs/deploy.md "The topology test"): a PostgreSQL cluster, a Redis server
 * and a Prometheus of their own, on free loopback ports in a temporary folder, never a system
 * service.
 */
import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { postgresDatabase, startCluster, stopCluster } from '../../server/test/postgres';
import { startRedis as startRedisServer, stopRedis as stopRedisServer } from '../../server/test/redis';
import { freePort } from '../support/server';

export interface Service {
  url: string;
  stop(): Promise<void>;
}

/**
 * A throwaway PostgreSQL cluster (the server tests' own harness) with one empty database; its URL
 * has no password (trust on loopback).
 */
export async function startPostgres(): Promise<Service> {
  await startCluster();
  const { url } = postgresDatabase();
  return { url, stop: async () => stopCluster() };
}

/** A Redis server of its own (the server tests' helper), keeping nothing on disk. */
export async function startRedis(): Promise<Service> {
  const port = await freePort();
  const child = await startRedisServer(port);
  return { url: `redis://127.0.0.1:${port}`, stop: () => stopRedisServer(child) };
}

/** Polls `check` until it is true, or fails after `ms` naming what it waited for. */
export async function waitFor(check: () => Promise<boolean> | boolean, ms: number, what: string): Promise<void> {
  const deadline = Date.now() + ms;
  for (;;) {
    if (await check()) return;
    if (Date.now() > deadline) throw new Error(`timed out after ${ms} ms waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

export const PROMETHEUS = process.env.PROMETHEUS_PATH ?? '/usr/bin/prometheus';

/** One series of an instant query's answer: its labels and its value. */
export interface Sample {
  metric: Record<string, string>;
  value: number;
}

export interface PrometheusService extends Service {
  /** An instant query through Prometheus' own HTTP API (`/api/v1/query`). */
  query(promql: string): Promise<Sample[]>;
  /** The single value of a query that answers one series, or 0 when it answers none. */
  value(promql: string): Promise<number>;
}

/**
 * Debian's Prometheus (`.ci/run` installs it) on a free loopback port, with a configuration of its
 * own: the job `copytech` scraping `targets` (host:port of each instance's metrics port) every
 * second, and `ruleFiles` evaluated every second. Its data is in a temporary folder, removed on stop.
 */
export async function startPrometheus(targets: string[], ruleFiles: string[]): Promise<PrometheusService> {
  if (!existsSync(PROMETHEUS)) {
    throw new Error(`prometheus is not installed at ${PROMETHEUS}: install Debian's prometheus (apt-get install prometheus; .ci/run does)`);
  }
  const folder = mkdtempSync(path.join(os.tmpdir(), 'copytech-prometheus-'));
  const config = {
    global: { scrape_interval: '1s', scrape_timeout: '1s', evaluation_interval: '1s' },
    rule_files: ruleFiles,
    scrape_configs: [{ job_name: 'copytech', static_configs: [{ targets }] }],
  };
  // JSON is YAML: Prometheus reads it as its configuration file.
  writeFileSync(path.join(folder, 'prometheus.yml'), JSON.stringify(config, null, 2));
  const port = await freePort();
  const child = spawn(
    PROMETHEUS,
    [
      `--config.file=${path.join(folder, 'prometheus.yml')}`,
      `--storage.tsdb.path=${path.join(folder, 'data')}`,
      `--web.listen-address=127.0.0.1:${port}`,
      '--log.level=warn',
    ],
    { stdio: ['ignore', 'ignore', 'inherit'] },
  );
  const url = `http://127.0.0.1:${port}`;
  const stop = async () => {
    if (child.exitCode === null && child.signalCode === null) {
      const exited = new Promise((resolve) => child.once('exit', resolve));
      child.kill('SIGTERM');
      await exited;
    }
    rmSync(folder, { recursive: true, force: true });
  };
  try {
    await waitFor(
      async () => {
        if (child.exitCode !== null) throw new Error(`prometheus exited with code ${child.exitCode}`);
        return (await fetch(`${url}/-/ready`).catch(() => null))?.status === 200;
      },
      20_000,
      'prometheus to be ready',
    );
  } catch (error) {
    await stop();
    throw error;
  }
  const query = async (promql: string): Promise<Sample[]> => {
    const response = await fetch(`${url}/api/v1/query?${new URLSearchParams({ query: promql })}`);
    const body = (await response.json()) as {
      status: string;
      error?: string;
      data?: { resultType: string; result: Array<{ metric: Record<string, string>; value: [number, string] }> };
    };
    if (body.status !== 'success' || body.data?.resultType !== 'vector')
      throw new Error(`${promql}: ${body.error ?? body.data?.resultType}`);
    return body.data.result.map((series) => ({ metric: series.metric, value: Number(series.value[1]) }));
  };
  const value = async (promql: string): Promise<number> => {
    const result = await query(promql);
    if (result.length > 1) throw new Error(`${promql} answers ${result.length} series, not one`);
    return result[0]?.value ?? 0;
  };
  return { url, query, value, stop };
}

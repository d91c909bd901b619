import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * A worker's metrics in the Prometheus text exposition format (version 0.0.4),
 * served by a small node:http server on GET /metrics (127.0.0.1 by default).
 * Counters are this process's since it started; the queue gauges are read from
 * Redis at scrape time. Labels carry the run name only, never document data.
 */

export interface QueueGauges {
  /** Shards by BullMQ state (wait, active, delayed, prioritized, waiting-children, failed). */
  shards: Record<string, number>;
  documents?: number;
  done: number;
}

export class WorkerMetrics {
  readonly documents = { ok: 0, input_error: 0, processing_error: 0 };
  readonly shards = { completed: 0, failed: 0 };
  activeShards = 0;
  bytes = 0;
  shardSeconds = 0;
  readonly startedAt = Date.now() / 1000;

  constructor(readonly run: string) {}

  render(gauges?: QueueGauges | 'unavailable'): string {
    const run = `run="${escapeLabel(this.run)}"`;
    const lines: string[] = [];
    const metric = (name: string, type: 'counter' | 'gauge', help: string, samples: Array<[string, number]>) => {
      lines.push(`# HELP ${name} ${help}`, `# TYPE ${name} ${type}`);
      for (const [labels, value] of samples) lines.push(`${name}{${labels}} ${formatValue(value)}`);
    };
    metric('splice_worker_documents_total', 'counter', 'Documents processed by this worker, by outcome.', [
      [`${run},outcome="ok"`, this.documents.ok],
      [`${run},outcome="input_error"`, this.documents.input_error],
      [`${run},outcome="processing_error"`, this.documents.processing_error],
    ]);
    metric('splice_worker_shards_total', 'counter', 'Shards finished by this worker, by outcome (failed: the attempt failed and may be retried).', [
      [`${run},outcome="completed"`, this.shards.completed],
      [`${run},outcome="failed"`, this.shards.failed],
    ]);
    metric('splice_worker_text_bytes_total', 'counter', 'UTF-8 bytes of document text processed by this worker.', [[run, this.bytes]]);
    metric('splice_worker_shard_seconds_total', 'counter', 'Seconds spent processing shards (divide by the shards total for the mean).', [[run, this.shardSeconds]]);
    metric('splice_worker_active_shards', 'gauge', 'Shards this worker is processing now.', [[run, this.activeShards]]);
    metric('splice_worker_start_time_seconds', 'gauge', 'When this worker started, in seconds since the epoch.', [[run, this.startedAt]]);
    metric('splice_queue_up', 'gauge', 'Whether Redis answered the scrape (1) or not (0).', [[run, gauges === 'unavailable' || gauges === undefined ? 0 : 1]]);
    if (gauges && gauges !== 'unavailable') {
      metric(
        'splice_queue_shards',
        'gauge',
        'Shards of the run by queue state (failed: the dead-letter set).',
        Object.entries(gauges.shards).map(([state, n]) => [`${run},state="${escapeLabel(state)}"`, n]),
      );
      if (gauges.documents !== undefined) metric('splice_run_documents', 'gauge', 'Documents in the run (known once submitted).', [[run, gauges.documents]]);
      metric('splice_run_documents_done', 'gauge', 'Documents of the run with a result.', [[run, gauges.done]]);
    }
    return `${lines.join('\n')}\n`;
  }
}

export function escapeLabel(value: string): string {
  return value.replace(/\\/g, '\\\\').replace(/"/g, '\\"').replace(/\n/g, '\\n');
}

function formatValue(value: number): string {
  return Number.isInteger(value) ? String(value) : value.toFixed(6);
}

export interface MetricsServer {
  port: number;
  close(): Promise<void>;
}

/** Serve `render()` on GET /metrics at host:port (port 0: any free port). */
export async function startMetricsServer(host: string, port: number, render: () => Promise<string>): Promise<MetricsServer> {
  const server: Server = createServer((req, res) => {
    const path = (req.url ?? '/').split('?')[0];
    if (req.method !== 'GET' || (path !== '/metrics' && path !== '/')) {
      res.writeHead(404, { 'content-type': 'text/plain' }).end('not found: GET /metrics\n');
      return;
    }
    render().then(
      (body) => res.writeHead(200, { 'content-type': 'text/plain; version=0.0.4; charset=utf-8' }).end(body),
      () => res.writeHead(500, { 'content-type': 'text/plain' }).end('metrics unavailable\n'),
    );
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, host, () => {
      server.off('error', reject);
      resolve();
    });
  });
  return {
    port: (server.address() as AddressInfo).port,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

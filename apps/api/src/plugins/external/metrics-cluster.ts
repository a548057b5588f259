// With WORKERS=n the workers share one port, so a scrape reaches whichever worker the primary hands it to. Each
// worker's counters alone would jump between one worker's count and another's (a reset, to Prometheus), so the
// worker that is asked gets every worker's metrics through the primary, summed (prom-client's cluster aggregation).
import cluster, { type Worker } from 'node:cluster';
import { AggregatorRegistry, type Registry } from 'prom-client';

type MetricsJson = Awaited<ReturnType<Registry['getMetricsAsJSON']>>;

type Message =
  /** worker → primary: this worker's metrics can be asked for */
  | { type: 'shop:metrics:ready' }
  /** worker → primary: a scrape wants every worker's metrics */
  | { type: 'shop:metrics:gather'; id: number }
  /** primary → worker: send yours */
  | { type: 'shop:metrics:report'; id: number }
  | { type: 'shop:metrics:reported'; id: number; metrics: MetricsJson }
  /** primary → worker: the sum, or none when a worker did not answer in time */
  | { type: 'shop:metrics:gathered'; id: number; text: string | undefined };

const GATHER_TIMEOUT_MS = 3000;

const isMessage = (message: unknown): message is Message =>
  typeof message === 'object' && message !== null && typeof (message as { type?: unknown }).type === 'string' && (message as { type: string }).type.startsWith('shop:metrics:');

/**
 * The worker's side: answers the primary with its registry's metrics, and gathers everyone's for a scrape. A scrape
 * that cannot have every worker's fails rather than answering a partial sum, which Prometheus would read as counters
 * going back (and then a jump of the whole missing share).
 */
export function workerMetrics(registry: () => Registry) {
  const send = (message: Message) => process.send?.(message);
  const waiting = new Map<number, (text: string | undefined) => void>();
  let nextId = 0;
  const onMessage = (message: unknown) => {
    if (!isMessage(message)) return;
    if (message.type === 'shop:metrics:report') {
      void registry()
        .getMetricsAsJSON()
        .then((metrics) => send({ type: 'shop:metrics:reported', id: message.id, metrics }));
    } else if (message.type === 'shop:metrics:gathered') {
      waiting.get(message.id)?.(message.text);
      waiting.delete(message.id);
    }
  };
  process.on('message', onMessage);
  send({ type: 'shop:metrics:ready' });
  return {
    gather: () =>
      new Promise<string | undefined>((resolve) => {
        const id = nextId++;
        waiting.set(id, resolve);
        send({ type: 'shop:metrics:gather', id });
        setTimeout(() => waiting.delete(id) && resolve(undefined), GATHER_TIMEOUT_MS * 2).unref();
      }),
    stop: () => void process.off('message', onMessage),
  };
}

/** The primary's side (server.ts): asks every worker that reported ready, sums, answers the worker that asked. */
export function gatherWorkersMetrics(): void {
  const ready = new Set<Worker>();
  const gathers = new Map<number, { asker: Worker; askerId: number; answers: MetricsJson[]; expected: number; timer: NodeJS.Timeout }>();
  let nextId = 0;

  const finish = async (id: number, complete: boolean) => {
    const gather = gathers.get(id);
    if (!gather) return;
    gathers.delete(id);
    clearTimeout(gather.timer);
    const text = complete ? await AggregatorRegistry.aggregate(gather.answers).metrics() : undefined;
    if (gather.asker.isConnected()) gather.asker.send({ type: 'shop:metrics:gathered', id: gather.askerId, text } satisfies Message);
  };

  cluster.on('exit', (worker) => ready.delete(worker));
  cluster.on('message', (worker, message: unknown) => {
    if (!isMessage(message)) return;
    if (message.type === 'shop:metrics:ready') ready.add(worker);
    if (message.type === 'shop:metrics:gather') {
      const id = nextId++;
      const workers = [...ready].filter((each) => each.isConnected());
      const timer = setTimeout(() => void finish(id, false), GATHER_TIMEOUT_MS);
      gathers.set(id, { asker: worker, askerId: message.id, answers: [], expected: workers.length, timer });
      for (const each of workers) each.send({ type: 'shop:metrics:report', id } satisfies Message);
    }
    if (message.type === 'shop:metrics:reported') {
      const gather = gathers.get(message.id);
      if (!gather) return;
      gather.answers.push(message.metrics);
      if (gather.answers.length === gather.expected) void finish(message.id, true);
    }
  });
}

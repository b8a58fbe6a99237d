import type { FastifyInstance } from 'fastify';
import { Counter, Gauge, Histogram, Registry, collectDefaultMetrics } from 'prom-client';
import type { Database } from '../db/client.ts';
import { errorBody } from './errors.ts';

/**
 * Prometheus metrics at GET /metrics, for a scraper that sends `Authorization: Bearer <token>`:
 * requests by route and status, their latency, the database pool, and the process's own figures
 * (event-loop lag, memory, CPU, GC). Without a token configured the route does not exist. Each
 * process of a cluster answers for itself.
 */
export function registerMetrics(
  app: FastifyInstance,
  { database, token }: { database: Database; token: string },
) {
  const registry = new Registry();
  collectDefaultMetrics({ register: registry, prefix: 'lendo_', eventLoopMonitoringPrecision: 20 });
  const requests = new Counter({
    name: 'lendo_http_requests_total',
    help: 'HTTP requests answered, by method, route and status.',
    labelNames: ['method', 'route', 'status'],
    registers: [registry],
  });
  const latency = new Histogram({
    name: 'lendo_http_request_duration_seconds',
    help: 'Time to answer HTTP requests, by method and route.',
    labelNames: ['method', 'route'],
    buckets: [0.002, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
    registers: [registry],
  });
  new Gauge({
    name: 'lendo_db_pool_connections',
    help: "The database pool's connections: total, idle, and requests waiting for one.",
    labelNames: ['state'],
    registers: [registry],
    collect() {
      const stats = database.poolStats();
      this.set({ state: 'total' }, stats.total);
      this.set({ state: 'idle' }, stats.idle);
      this.set({ state: 'waiting' }, stats.waiting);
    },
  });

  app.addHook('onResponse', async (request, reply) => {
    // The route's pattern (/api/decks/:id/), never the raw URL: bounded labels, no ids or tokens.
    const route = request.routeOptions.url ?? 'unmatched';
    requests.inc({ method: request.method, route, status: String(reply.statusCode) });
    latency.observe({ method: request.method, route }, reply.elapsedTime / 1000);
  });

  app.get('/metrics', { schema: { hide: true } }, async (request, reply) => {
    if (request.headers.authorization !== `Bearer ${token}`) {
      return reply.status(401).send(errorBody('error.unauthorized'));
    }
    return reply.type(registry.contentType).send(await registry.metrics());
  });
}

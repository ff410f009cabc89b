import type { FastifyInstance, FastifyReply, RouteOptions } from 'fastify';
import {
  FixedHistogram,
  type MetricValue,
  type ScrapedMetric,
  scrapedMetric,
} from './histogram.ts';

/** The requests of one route (its template, never the URL) by status. */
interface RouteSeries {
  route: string;
  method: string;
  byStatus: Map<number, FixedHistogram>;
}

/**
 * Requests by route template, method and status with their latency, and refusals by problem
 * code. Each route gets its own onResponse hook holding its series, so a request costs a map
 * look-up by status and a few additions: no labels built, nothing allocated once its status has
 * been seen. Requests that match no route count under `route="unmatched"`.
 */
export function registerHttpMetrics(app: FastifyInstance): ScrapedMetric[] {
  const series: RouteSeries[] = [];
  const refusals = new Map<string, number>();

  const seriesFor = (route: string, method: string): RouteSeries => {
    const entry = { route, method, byStatus: new Map<number, FixedHistogram>() };
    series.push(entry);
    return entry;
  };
  const record = (entry: RouteSeries, reply: FastifyReply) => {
    const status = reply.statusCode;
    let histogram = entry.byStatus.get(status);
    if (!histogram) {
      histogram = new FixedHistogram();
      entry.byStatus.set(status, histogram);
    }
    histogram.observe(reply.elapsedTime / 1000);
    const code = reply.problemCode;
    if (code) refusals.set(code, (refusals.get(code) ?? 0) + 1);
  };

  app.addHook('onRoute', (route: RouteOptions) => {
    const entry = seriesFor(route.url, [route.method].flat().join(','));
    const hook = (_request: unknown, reply: FastifyReply, done: () => void) => {
      record(entry, reply);
      done();
    };
    route.onResponse = [route.onResponse ?? []].flat().concat(hook) as RouteOptions['onResponse'];
  });
  const unmatched = new Map<string, RouteSeries>();
  app.addHook('onResponse', (request, reply, done) => {
    if (request.is404) {
      let entry = unmatched.get(request.method);
      if (!entry) {
        entry = seriesFor('unmatched', request.method);
        unmatched.set(request.method, entry);
      }
      record(entry, reply);
    }
    done();
  });

  return [
    scrapedMetric(
      'tanqin_http_request_duration_seconds',
      'Requests answered, by route template, method and status, with their duration',
      'histogram',
      () =>
        series.flatMap(({ route, method, byStatus }) =>
          [...byStatus].flatMap(([status, histogram]) =>
            histogram.values('tanqin_http_request_duration_seconds', { route, method, status }),
          ),
        ),
    ),
    scrapedMetric(
      'tanqin_refusals_total',
      'Answers with a problem+json body, by problem code (overloaded: load shed)',
      'counter',
      (): MetricValue[] => [...refusals].map(([code, value]) => ({ labels: { code }, value })),
    ),
  ];
}

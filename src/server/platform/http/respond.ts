import type { TypedResponse } from 'hono';
import type { ContentfulStatusCode, RedirectStatusCode } from 'hono/utils/http-status';
import { toSuccessResponse } from '#shared/errors/index.ts';
import type { AppContext } from './context.ts';

/**
 * Route handlers return this; the envelope's data is checked by the service's return type and
 * the contract schema in tests, so the router's own response typing is satisfied loosely here.
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export type RouteResponse = Response & TypedResponse<any, any, any>;

/**
 * The success envelope (docs/product/entities.md#successful-wrapped-operation); processingTime
 * counts from the start of the request.
 */
export function ok<T>(c: AppContext, data: T, status: ContentfulStatusCode = 200): RouteResponse {
  const processingTime = Math.round((performance.now() - c.get('startedAt')) * 100) / 100;
  return c.json(toSuccessResponse(data, processingTime), status) as RouteResponse;
}

/**
 * The success envelope around data that is already JSON text (a list the database serialised):
 * byte for byte what ok() would send for the parsed value, without parsing it.
 */
export function okJson(c: AppContext, dataJson: string): RouteResponse {
  const processingTime = Math.round((performance.now() - c.get('startedAt')) * 100) / 100;
  const { metadata } = toSuccessResponse(null, processingTime);
  const body = `{"success":true,"data":${dataJson},"metadata":${JSON.stringify(metadata)}}`;
  return c.body(body, 200, { 'Content-Type': 'application/json' }) as RouteResponse;
}

export function redirect(
  c: AppContext,
  location: string,
  status: RedirectStatusCode = 302,
): RouteResponse {
  return c.redirect(location, status) as RouteResponse;
}

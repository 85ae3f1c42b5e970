import { OpenAPIHono } from '@hono/zod-openapi';
import { z } from 'zod';
import type { AppEnv } from './context.ts';
import { validationHook } from './errors.ts';

export { createRoute } from '@hono/zod-openapi';

/**
 * A feature router: validation failures answer in the error envelope
 * (docs/product/entities.md#error-response).
 */
export function createRouter() {
  return new OpenAPIHono<AppEnv>({ defaultHook: validationHook as never });
}

const errorEnvelope = z.object({
  success: z.literal(false),
  error: z.string(),
  metadata: z.object({
    errorCode: z.string(),
    errorType: z.string(),
    severity: z.string(),
    retryable: z.boolean(),
    correlationId: z.string(),
    fieldErrors: z.record(z.string(), z.string()).optional(),
  }),
});

export function successEnvelope<T extends z.ZodType>(data: T) {
  return z.object({
    success: z.literal(true),
    data,
    metadata: z.object({ processingTime: z.number(), timestamp: z.string() }),
  });
}

/** A required JSON body: without `required`, a request with another content type skips validation. */
export function jsonBody<T extends z.ZodType>(schema: T) {
  return { required: true, content: { 'application/json': { schema } } } as const;
}

/** The success envelope around `data`, and the error envelope for everything else. */
export function envelope<T extends z.ZodType>(data: T, status: 200 | 201 | 202 = 200) {
  return {
    [status]: {
      description: 'Success',
      content: { 'application/json': { schema: successEnvelope(data) } },
    },
    default: {
      description: 'Error in the error envelope',
      content: { 'application/json': { schema: errorEnvelope } },
    },
  } as const;
}

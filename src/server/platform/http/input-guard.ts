import type { MiddlewareHandler } from 'hono';
import { AppError } from '#shared/errors/index.ts';
import type { AppEnv } from './context.ts';

// Input no handler should ever see (docs/security.md, "Input that cannot be stored"): a NUL
// character, which PostgreSQL text cannot hold (it answered 500 with the database's own words),
// and JSON nested deeper than any request of this API, which recursive validation would overflow
// the stack on. Both are refused here with the catalogue's message before routing.

/** Deeper than any body this API takes (the deepest, a post with its targets, is under 8). */
export const MAX_JSON_DEPTH = 32;

const NUL_MESSAGE = 'This text contains a NUL character, which cannot be stored. Remove it.';
const DEPTH_MESSAGE = `The request is nested more than ${MAX_JSON_DEPTH} levels deep.`;

const NUL = String.fromCharCode(0);

export type UnsafeInput = { path: string; problem: 'nul' | 'depth' };

interface Visit {
  value: unknown;
  depth: number;
  key: string;
  parent: Visit | null;
}

function pathOf(visit: Visit): string {
  const keys: string[] = [];
  for (let at: Visit | null = visit; at?.parent; at = at.parent) keys.push(at.key);
  return keys.reverse().join('.') || '_';
}

/** The first NUL character or over-deep nesting in a parsed JSON value; iterative, so any depth. */
export function findUnsafeInput(value: unknown, maxDepth = MAX_JSON_DEPTH): UnsafeInput | null {
  const stack: Visit[] = [{ value, depth: 0, key: '', parent: null }];
  while (stack.length > 0) {
    const visit = stack.pop()!;
    const current = visit.value;
    if (typeof current === 'string') {
      if (current.includes(NUL)) return { path: pathOf(visit), problem: 'nul' };
      continue;
    }
    if (typeof current !== 'object' || current === null) continue;
    if (visit.depth >= maxDepth) return { path: pathOf(visit), problem: 'depth' };
    const depth = visit.depth + 1;
    if (Array.isArray(current)) {
      for (let i = 0; i < current.length; i += 1) {
        stack.push({ value: current[i], depth, key: String(i), parent: visit });
      }
      continue;
    }
    for (const key of Object.keys(current)) {
      if (key.includes(NUL)) return { path: pathOf(visit), problem: 'nul' };
      stack.push({ value: (current as Record<string, unknown>)[key], depth, key, parent: visit });
    }
  }
  return null;
}

function refusal(found: UnsafeInput): AppError {
  const message = found.problem === 'nul' ? NUL_MESSAGE : DEPTH_MESSAGE;
  return AppError.from('VALIDATION_ERROR', {
    technicalMessage: `Refused input: ${found.problem} at ${found.path}`,
    details: { fieldErrors: { [found.path]: message } },
  });
}

/** The query parameter (or path) holding a NUL, from the raw address. */
function nulInAddress(url: string): string | null {
  if (!url.includes(NUL) && !/%00/.test(url)) return null;
  const parsed = new URL(url);
  for (const [name, value] of parsed.searchParams) {
    if (name.includes(NUL) || value.includes(NUL)) return name.split(NUL).join('');
  }
  return '_';
}

/**
 * For /api/*: refuses a NUL anywhere in the address or a JSON body, and JSON nested too deep. The
 * body parsed here is handed on to the route's validator (Hono's body cache), not parsed twice.
 */
export function inputGuard(
  options: { skip?: (path: string) => boolean } = {},
): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    const inAddress = nulInAddress(c.req.url);
    if (inAddress !== null) throw refusal({ path: inAddress, problem: 'nul' });
    const type = c.req.header('content-type') ?? '';
    if (
      c.req.method !== 'GET' &&
      c.req.method !== 'HEAD' &&
      /^application\/(?:[\w.+-]*\+)?json/i.test(type) &&
      !options.skip?.(c.req.path)
    ) {
      const text = await c.req.text();
      let parsed: unknown;
      try {
        parsed = text === '' ? undefined : JSON.parse(text);
      } catch {
        // Not JSON at all: the route's validator answers that with its own 400.
        return next();
      }
      const found = findUnsafeInput(parsed);
      if (found) throw refusal(found);
      c.req.bodyCache.json = Promise.resolve(parsed);
    }
    return next();
  };
}

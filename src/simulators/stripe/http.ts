import type { Context } from 'hono';

// The wire format of Stripe's API: form-encoded bodies with nested keys (`a[b][0][c]=…`,
// `expand[]=…`), the error envelope and the list envelope.

export type Params = Record<string, unknown>;

export class StripeError extends Error {
  constructor(
    readonly status: number,
    readonly type: string,
    message: string,
    readonly extra: { code?: string; decline_code?: string; param?: string } = {},
  ) {
    super(message);
  }
  body() {
    return {
      error: {
        type: this.type,
        message: this.message,
        ...(this.extra.code ? { code: this.extra.code } : {}),
        ...(this.extra.decline_code ? { decline_code: this.extra.decline_code } : {}),
        ...(this.extra.param ? { param: this.extra.param } : {}),
      },
    };
  }
}

export const invalid = (message: string, param?: string, code?: string) =>
  new StripeError(400, 'invalid_request_error', message, {
    ...(param ? { param } : {}),
    ...(code ? { code } : {}),
  });

export const missing = (kind: string, id: string, param = 'id') =>
  new StripeError(404, 'invalid_request_error', `No such ${kind}: '${id}'`, {
    code: 'resource_missing',
    param,
  });

/** Turns `a[b][0]=x&expand[]=y` pairs into nested objects and arrays. */
export function parseForm(pairs: Iterable<[string, string]>): Params {
  const root: Params = {};
  for (const [key, value] of pairs) {
    const head = key.split('[')[0]!;
    const rest = [...key.slice(head.length).matchAll(/\[([^\]]*)\]/g)].map((m) => m[1]!);
    const path = [head, ...rest];
    let node: Record<string, unknown> | unknown[] = root;
    for (let i = 0; i < path.length; i += 1) {
      const seg = path[i]!;
      const last = i === path.length - 1;
      const nextIsArray = !last && (path[i + 1] === '' || /^\d+$/.test(path[i + 1]!));
      if (Array.isArray(node)) {
        const index = seg === '' ? node.length : Number(seg);
        if (last) node[index] = value;
        else node = (node[index] ??= nextIsArray ? [] : {}) as Record<string, unknown>;
      } else if (last) {
        node[seg] = value;
      } else {
        node = (node[seg] ??= nextIsArray ? [] : {}) as Record<string, unknown>;
      }
    }
  }
  return root;
}

export async function readParams(c: Context): Promise<{ params: Params; raw: string }> {
  if (c.req.method === 'GET' || c.req.method === 'DELETE') {
    const url = new URL(c.req.url);
    return { params: parseForm(url.searchParams.entries()), raw: url.search };
  }
  const raw = await c.req.text();
  return { params: parseForm(new URLSearchParams(raw).entries()), raw };
}

export const str = (p: Params, key: string): string | undefined =>
  typeof p[key] === 'string' && p[key] !== '' ? (p[key] as string) : undefined;
export const num = (p: Params, key: string): number | undefined => {
  const v = str(p, key);
  if (v === undefined) return undefined;
  const n = Number(v);
  if (!Number.isFinite(n)) throw invalid(`Invalid integer: ${v}`, key);
  return n;
};
export const bool = (p: Params, key: string): boolean | undefined =>
  p[key] === 'true' ? true : p[key] === 'false' ? false : undefined;
export const obj = (p: Params, key: string): Params =>
  p[key] && typeof p[key] === 'object' && !Array.isArray(p[key]) ? (p[key] as Params) : {};
export const arr = (p: Params, key: string): Params[] =>
  Array.isArray(p[key]) ? (p[key] as unknown[]).filter(Boolean).map((x) => x as Params) : [];
export const strings = (p: Params, key: string): string[] =>
  Array.isArray(p[key])
    ? (p[key] as unknown[]).filter((x): x is string => typeof x === 'string')
    : [];

/** Metadata merge as Stripe does it: an empty value removes the key, `metadata=''` clears all. */
export function mergeMetadata(current: Record<string, string>, p: Params): Record<string, string> {
  if (p.metadata === '') return {};
  const next = { ...current };
  for (const [k, v] of Object.entries(obj(p, 'metadata'))) {
    if (v === '') delete next[k];
    else next[k] = String(v);
  }
  return next;
}

/** Stripe's cursor pagination over a newest-first array. */
export function listEnvelope<T extends { id: string }>(items: T[], p: Params, url: string) {
  const limit = Math.min(Math.max(num(p, 'limit') ?? 10, 1), 100);
  const after = str(p, 'starting_after');
  const before = str(p, 'ending_before');
  let data: T[];
  let hasMore: boolean;
  if (before) {
    const at = items.findIndex((x) => x.id === before);
    if (at < 0) throw invalid(`No such object: '${before}'`, 'ending_before', 'resource_missing');
    const start = Math.max(0, at - limit);
    data = items.slice(start, at);
    hasMore = start > 0;
  } else {
    let start = 0;
    if (after) {
      const at = items.findIndex((x) => x.id === after);
      if (at < 0) throw invalid(`No such object: '${after}'`, 'starting_after', 'resource_missing');
      start = at + 1;
    }
    data = items.slice(start, start + limit);
    hasMore = start + limit < items.length;
  }
  return { object: 'list', data, has_more: hasMore, url };
}

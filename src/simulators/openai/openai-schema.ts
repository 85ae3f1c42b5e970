// JSON schemas in the simulator: instances generated from a schema (the answer to a
// `response_format: json_schema` request, or a tool call's arguments), and the checks OpenAI makes
// on a strict schema before answering (every object closes with `additionalProperties: false` and
// lists every property in `required`). See docs/decisions/060-ai-content-streaming-and-providers.md.

export type JsonSchema = {
  type?: string | string[];
  properties?: Record<string, JsonSchema>;
  required?: string[];
  additionalProperties?: boolean | JsonSchema;
  items?: JsonSchema;
  prefixItems?: JsonSchema[];
  minItems?: number;
  maxItems?: number;
  enum?: unknown[];
  const?: unknown;
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
  allOf?: JsonSchema[];
  $ref?: string;
  $defs?: Record<string, JsonSchema>;
  definitions?: Record<string, JsonSchema>;
  format?: string;
  minLength?: number;
  maxLength?: number;
  minimum?: number;
  maximum?: number;
  exclusiveMinimum?: number;
  exclusiveMaximum?: number;
  multipleOf?: number;
  description?: string;
  default?: unknown;
  [key: string]: unknown;
};

export function hash(text: string): number {
  let h = 2166136261;
  for (let i = 0; i < text.length; i++) h = Math.imul(h ^ text.charCodeAt(i), 16777619);
  return h >>> 0;
}

/** A small seeded generator (mulberry32): the same seed draws the same numbers. */
export function seededRandom(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const FILLER = ['fresh', 'local', 'weekly', 'bright', 'simple', 'friendly', 'seasonal', 'classic'];

interface GenerateContext {
  root: JsonSchema;
  random: () => number;
  words: string[];
  depth: number;
}

function resolveRef(root: JsonSchema, ref: string): JsonSchema {
  const match = /^#\/(\$defs|definitions)\/(.+)$/.exec(ref);
  if (ref === '#') return root;
  if (!match) return {};
  const defs = (match[1] === '$defs' ? root.$defs : root.definitions) ?? {};
  return defs[decodeURIComponent(match[2]!)] ?? {};
}

function pick<T>(ctx: GenerateContext, items: readonly T[]): T {
  return items[Math.floor(ctx.random() * items.length)]!;
}

function between(ctx: GenerateContext, min: number, max: number): number {
  return min + Math.floor(ctx.random() * (max - min + 1));
}

function phrase(ctx: GenerateContext, hint: string, count: number): string {
  const pool = ctx.words.length > 0 ? ctx.words : FILLER;
  const start = Math.floor(ctx.random() * pool.length);
  const words = Array.from({ length: count }, (_, i) => pool[(start + i) % pool.length]!);
  return hint ? `${hint}: ${words.join(' ')}` : words.join(' ');
}

function stringFor(schema: JsonSchema, ctx: GenerateContext, name: string): string {
  const day = between(ctx, 0, 364);
  const date = new Date(Date.UTC(2026, 0, 1) + day * 86_400_000);
  const time = `${String(between(ctx, 7, 20)).padStart(2, '0')}:${pick(ctx, ['00', '15', '30', '45'])}:00`;
  const isoDate = date.toISOString().slice(0, 10);
  let text: string;
  switch (schema.format) {
    case 'date-time':
      return `${isoDate}T${time}Z`;
    case 'date':
      return isoDate;
    case 'time':
      return time;
    case 'email':
      return `${pick(ctx, ['hello', 'team', 'info'])}@example.com`;
    case 'uri':
    case 'url':
      return `https://example.com/${pick(ctx, ctx.words.length > 0 ? ctx.words : FILLER)}`;
    case 'uuid': {
      const hex = Array.from({ length: 32 }, () => Math.floor(ctx.random() * 16).toString(16));
      hex[12] = '4';
      hex[16] = '8';
      const h = hex.join('');
      return `${h.slice(0, 8)}-${h.slice(8, 12)}-${h.slice(12, 16)}-${h.slice(16, 20)}-${h.slice(20)}`;
    }
    default:
      text = phrase(ctx, name, between(ctx, 2, 6));
  }
  const min = schema.minLength ?? 0;
  const max = schema.maxLength ?? Infinity;
  while (text.length < min) text += ` ${pick(ctx, FILLER)}`;
  if (text.length > max) text = text.slice(0, max).trimEnd();
  while (text.length < min) text += 'x';
  return text;
}

function numberFor(schema: JsonSchema, ctx: GenerateContext, integer: boolean): number {
  const step = integer ? 1 : 0.01;
  let min = schema.minimum ?? (schema.exclusiveMinimum ?? -Infinity) + step;
  let max = schema.maximum ?? (schema.exclusiveMaximum ?? Infinity) - step;
  if (!Number.isFinite(min) && !Number.isFinite(max)) [min, max] = [0, 100];
  else if (!Number.isFinite(min)) min = max - 100;
  else if (!Number.isFinite(max)) max = min + 100;
  if (integer) {
    const lo = Math.ceil(min);
    const hi = Math.floor(max);
    let value = between(ctx, lo, Math.max(lo, hi));
    if (schema.multipleOf && schema.multipleOf >= 1) {
      value = Math.ceil(lo / schema.multipleOf) * schema.multipleOf;
    }
    return value;
  }
  const value = Math.round((min + ctx.random() * (max - min)) * 100) / 100;
  return Math.min(max, Math.max(min, value));
}

function generate(schema: JsonSchema, ctx: GenerateContext, name: string): unknown {
  if (ctx.depth > 8) return null;
  if (schema.$ref) return generate(resolveRef(ctx.root, schema.$ref), ctx, name);
  if ('const' in schema) return schema.const;
  if (Array.isArray(schema.enum) && schema.enum.length > 0) return pick(ctx, schema.enum);
  const choices = schema.anyOf ?? schema.oneOf;
  if (choices && choices.length > 0) {
    // A nullable field (`anyOf: [X, {type: 'null'}]`) gets a value: an answer with content.
    const useful = choices.filter((c) => c.type !== 'null');
    return generate(pick(ctx, useful.length > 0 ? useful : choices), ctx, name);
  }
  if (schema.allOf && schema.allOf.length > 0) {
    return generate(Object.assign({}, ...schema.allOf) as JsonSchema, ctx, name);
  }
  let type = schema.type;
  if (Array.isArray(type)) type = type.find((t) => t !== 'null') ?? 'null';
  if (type === undefined) {
    if (schema.properties) type = 'object';
    else if (schema.items) type = 'array';
    else type = 'string';
  }
  const inner: GenerateContext = { ...ctx, depth: ctx.depth + 1 };
  switch (type) {
    case 'object': {
      const out: Record<string, unknown> = {};
      const required = new Set(schema.required ?? Object.keys(schema.properties ?? {}));
      for (const [key, child] of Object.entries(schema.properties ?? {})) {
        if (required.has(key) || ctx.random() < 0.5) out[key] = generate(child, inner, key);
      }
      return out;
    }
    case 'array': {
      const prefix = (schema.prefixItems ?? []).map((s) => generate(s, inner, name));
      const min = Math.max(schema.minItems ?? Math.min(1, schema.maxItems ?? 1), prefix.length);
      const max = Math.max(min, Math.min(schema.maxItems ?? min + 2, min + 3));
      const count = between(ctx, min, max);
      const rest = Array.from({ length: count - prefix.length }, () =>
        generate(schema.items ?? {}, inner, name),
      );
      return [...prefix, ...rest];
    }
    case 'integer':
      return numberFor(schema, ctx, true);
    case 'number':
      return numberFor(schema, ctx, false);
    case 'boolean':
      return ctx.random() < 0.5;
    case 'null':
      return null;
    default:
      return stringFor(schema, ctx, name);
  }
}

/** An instance of `schema`, the same for the same schema and the same `seedText`. */
export function instanceOf(schema: JsonSchema, seedText: string): unknown {
  const words = seedText
    .toLowerCase()
    .split(/[^\p{L}\p{N}]+/u)
    .filter((w) => w.length >= 3)
    .slice(0, 24);
  const random = seededRandom(hash(`${seedText}\n${JSON.stringify(schema)}`));
  return generate(schema, { root: schema, random, words, depth: 0 }, '');
}

/** Python's tuple notation, as OpenAI's messages print a path: `('properties', 'items')`. */
function contextOf(path: string[]): string {
  if (path.length === 0) return '()';
  if (path.length === 1) return `('${path[0]}',)`;
  return `(${path.map((p) => `'${p}'`).join(', ')})`;
}

/** The first reason OpenAI would refuse `schema` in strict mode, or null when it is accepted. */
export function strictSchemaProblem(schema: JsonSchema, path: string[] = []): string | null {
  if (typeof schema !== 'object' || schema === null) return null;
  const isObject =
    schema.type === 'object' || (Array.isArray(schema.type) && schema.type.includes('object'));
  if (isObject || schema.properties) {
    if (schema.additionalProperties !== false) {
      return `In context=${contextOf(path)}, 'additionalProperties' is required to be supplied and to be false.`;
    }
    const keys = Object.keys(schema.properties ?? {});
    const required = Array.isArray(schema.required) ? schema.required : [];
    const missing = keys.find((k) => !required.includes(k));
    if (missing !== undefined) {
      return `In context=${contextOf(path)}, 'required' is required to be supplied and to be an array including every key in properties. Missing '${missing}'.`;
    }
  }
  const children: Array<[JsonSchema, string[]]> = [];
  for (const [key, child] of Object.entries(schema.properties ?? {})) {
    children.push([child, [...path, 'properties', key]]);
  }
  if (schema.items && typeof schema.items === 'object') {
    children.push([schema.items, [...path, 'items']]);
  }
  for (const keyword of ['anyOf', 'oneOf', 'allOf'] as const) {
    (schema[keyword] ?? []).forEach((child, i) =>
      children.push([child, [...path, keyword, String(i)]]),
    );
  }
  for (const keyword of ['$defs', 'definitions'] as const) {
    for (const [key, child] of Object.entries(schema[keyword] ?? {})) {
      children.push([child, [...path, keyword, key]]);
    }
  }
  for (const [child, childPath] of children) {
    const problem = strictSchemaProblem(child, childPath);
    if (problem) return problem;
  }
  return null;
}

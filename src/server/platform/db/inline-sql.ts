import pg from 'pg';

// Turns a parameterised statement ($1, $2, …) into one with its values written as SQL literals,
// so that the tenant settings and the statement can travel to the server in one simple-protocol
// message (the extended protocol allows one statement per message). Only plain values are
// accepted, each written through the driver's own literal escaping; anything else throws rather
// than guess. Placeholders are replaced only outside quoted strings and identifiers.

export type InlineValue = string | number | boolean | bigint | Date | null | readonly string[];

export function sqlLiteral(value: unknown): string {
  if (value === null || value === undefined) return 'NULL';
  if (typeof value === 'string') return pg.escapeLiteral(value);
  if (typeof value === 'number') {
    if (!Number.isFinite(value)) throw new Error(`Cannot inline the number ${value}`);
    return String(value);
  }
  if (typeof value === 'bigint') return value.toString();
  if (typeof value === 'boolean') return value ? 'true' : 'false';
  if (value instanceof Date) {
    if (Number.isNaN(value.getTime())) throw new Error('Cannot inline an invalid date');
    return pg.escapeLiteral(value.toISOString());
  }
  if (Array.isArray(value) && value.every((item) => typeof item === 'string')) {
    // A text-array literal: every element double-quoted, with \ and " escaped inside it.
    const items = (value as string[]).map((item) => `"${item.replace(/[\\"]/g, '\\$&')}"`);
    return pg.escapeLiteral(`{${items.join(',')}}`);
  }
  throw new Error(`Cannot inline a value of type ${typeof value}`);
}

export function inlineParams(text: string, params: readonly unknown[]): string {
  let out = '';
  let i = 0;
  const used = new Set<number>();
  while (i < text.length) {
    const ch = text[i]!;
    if (ch === "'" || ch === '"') {
      // Copy a quoted string or identifier verbatim; a doubled quote stays inside it.
      let j = i + 1;
      for (;;) {
        if (j >= text.length) throw new Error('Unterminated quote in statement');
        if (text[j] === ch) {
          if (text[j + 1] === ch) {
            j += 2;
            continue;
          }
          break;
        }
        j += 1;
      }
      out += text.slice(i, j + 1);
      i = j + 1;
      continue;
    }
    if (ch === '$') {
      const match = /^\$(\d+)/.exec(text.slice(i, i + 12));
      if (!match) throw new Error('Dollar quoting is not supported in inlined statements');
      const index = Number(match[1]);
      if (index < 1 || index > params.length) throw new Error(`No value for $${index}`);
      used.add(index);
      out += sqlLiteral(params[index - 1]);
      i += match[0].length;
      continue;
    }
    if (ch === '-' && text[i + 1] === '-') throw new Error('Comments are not supported');
    out += ch;
    i += 1;
  }
  if (used.size !== params.length) throw new Error('Some values were not referenced');
  return out;
}

/**
 * One message: the transaction-local settings, then the statement. Without BEGIN the server runs
 * the message as one implicit transaction, so the settings end with it, and an error anywhere
 * rolls all of it back and leaves the connection clean.
 */
export function scopedMessage(
  settings: Record<string, string>,
  statement: { sql: string; params: readonly unknown[] },
): string {
  return `${settingsStatement(settings)}; ${inlineParams(statement.sql, statement.params)}`;
}

/**
 * `select set_config(name, value, true), …` with every name and value written as an escaped
 * literal: the transaction-local settings as one simple-protocol statement.
 */
export function settingsStatement(settings: Record<string, string>): string {
  const calls = Object.entries(settings).map(
    ([name, value]) => `set_config(${pg.escapeLiteral(name)}, ${pg.escapeLiteral(value)}, true)`,
  );
  return `select ${calls.join(', ')}`;
}

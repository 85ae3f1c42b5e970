import { describe, expect, it } from 'vitest';
import { inlineParams, scopedMessage, sqlLiteral } from './inline-sql.ts';
import { getTestDatabase } from '#server/test/db.ts';

describe('sqlLiteral', () => {
  it('writes plain values as literals', () => {
    expect(sqlLiteral(null)).toBe('NULL');
    expect(sqlLiteral(50)).toBe('50');
    expect(sqlLiteral(true)).toBe('true');
    expect(sqlLiteral("it's")).toBe("'it''s'");
    expect(sqlLiteral('a\\b')).toBe(" E'a\\\\b'");
    expect(sqlLiteral(new Date('2026-11-20T10:00:00Z'))).toBe("'2026-11-20T10:00:00.000Z'");
    expect(sqlLiteral(['instagram', 'plain'])).toBe(`'{"instagram","plain"}'`);
  });

  it('refuses what it cannot write safely', () => {
    expect(() => sqlLiteral(Number.NaN)).toThrow();
    expect(() => sqlLiteral(new Date('nope'))).toThrow();
    expect(() => sqlLiteral({ a: 1 })).toThrow();
    expect(() => sqlLiteral([1, 2])).toThrow();
  });
});

describe('inlineParams', () => {
  it('replaces placeholders outside quotes only, $10 not read as $1', () => {
    const params = Array.from({ length: 10 }, (_, i) => i + 1);
    const rest = params
      .slice(1, 9)
      .map((n) => `$${n}`)
      .join(', ');
    expect(inlineParams(`select "$1", '$1', $1, $10, ${rest}`, params)).toBe(
      `select "$1", '$1', 1, 10, 2, 3, 4, 5, 6, 7, 8, 9`,
    );
  });

  it('refuses unknown, unused or unsupported input', () => {
    expect(() => inlineParams('select $2', [1])).toThrow(/No value/);
    expect(() => inlineParams('select 1', [1])).toThrow(/not referenced/);
    expect(() => inlineParams('select $$x$$', [])).toThrow(/Dollar quoting/);
    expect(() => inlineParams("select 'x", [])).toThrow(/Unterminated/);
    expect(() => inlineParams('select 1 -- $1', [1])).toThrow(/Comments/);
  });
});

describe('scopedStatement', () => {
  // Hostile values must come back as data, never run as SQL.
  const hostile = [
    "x'); drop table public.profiles; --",
    "\\'; select 1; --",
    "E'\\\\'",
    '$1 $$ "quoted" \u0000'.replace('\u0000', ''),
    'émoji 🎉 and \n newline',
  ];

  it('returns hostile strings intact and leaves no setting behind', async () => {
    const database = await getTestDatabase();
    for (const value of hostile) {
      const rows = await database.scopedStatement<{ v: string; a: string[] }>(
        { 'app.probe': value },
        { sql: 'select $1::text as v, $2::text[] as a', params: [value, [value, 'b']] },
      );
      expect(rows[0]!.v).toBe(value);
      expect(rows[0]!.a).toEqual([value, 'b']);
    }
    const after = await database.query<{ v: string | null }>(
      "select nullif(current_setting('app.probe', true), '') as v",
    );
    expect(after.rows[0]!.v).toBeNull();
    const tables = await database.query<{ n: number }>(
      "select count(*)::int as n from pg_tables where schemaname = 'public' and tablename = 'profiles'",
    );
    expect(tables.rows[0]!.n).toBe(1);
  });

  it('runs under the role it sets and rolls everything back on error', async () => {
    const database = await getTestDatabase();
    const rows = await database.scopedStatement<{ role: string }>(
      { role: 'app_runtime' },
      { sql: 'select current_user as role', params: [] },
    );
    expect(rows[0]!.role).toBe('app_runtime');
    await expect(
      database.scopedStatement({ role: 'app_runtime' }, { sql: 'select 1/0', params: [] }),
    ).rejects.toThrow(/division by zero/);
    const role = await database.query<{ role: string }>('select current_user as role');
    expect(role.rows[0]!.role).not.toBe('app_runtime');
  });

  it('builds one message with the settings first', () => {
    expect(scopedMessage({ role: 'app_runtime' }, { sql: 'select $1', params: ["o'k"] })).toBe(
      "select set_config('role', 'app_runtime', true); select 'o''k'",
    );
  });
});

describe('queryPrepared', () => {
  const hostile = [
    "x'); drop table public.profiles; --",
    "\\'; select 1; --",
    'émoji 🎉 and \n newline',
  ];

  it('returns hostile values intact, typed by the statement, on every call', async () => {
    const database = await getTestDatabase();
    const text = 'select $1::text as v, $2::text[] as a, $3::timestamptz as at, $4::int + 1 as n';
    for (const value of hostile) {
      for (let i = 0; i < 2; i += 1) {
        const [row] = await database.queryPrepared<{ v: string; a: string[]; at: Date; n: number }>(
          'test_prepared_values',
          text,
          [value, [value, 'b'], new Date('2026-11-20T10:00:00Z'), 41],
        );
        expect(row).toEqual({
          v: value,
          a: [value, 'b'],
          at: new Date('2026-11-20T10:00:00Z'),
          n: 42,
        });
      }
    }
    const tables = await database.query<{ n: number }>(
      "select count(*)::int as n from pg_tables where schemaname = 'public' and tablename = 'profiles'",
    );
    expect(tables.rows[0]!.n).toBe(1);
  });

  it('prepares a statement once when its first calls come together', async () => {
    const database = await getTestDatabase();
    const answers = await Promise.all(
      Array.from({ length: 5 }, (_, i) =>
        database.queryPrepared<{ n: number }>('test_prepared_together', 'select $1::int as n', [i]),
      ),
    );
    expect(answers.map(([row]) => row!.n)).toEqual([0, 1, 2, 3, 4]);
  });

  it('reports a statement that cannot be prepared, and refuses names it would have to quote', async () => {
    const database = await getTestDatabase();
    await expect(
      database.queryPrepared('test_prepared_broken', 'select from nowhere_at_all', []),
    ).rejects.toThrow(/nowhere_at_all/);
    await expect(
      database.queryPrepared('test_prepared_broken', 'select from nowhere_at_all', []),
    ).rejects.toThrow(/nowhere_at_all/);
    await expect(database.queryPrepared('bad name; select 1', 'select 1', [])).rejects.toThrow(
      /Not a statement name/,
    );
  });
});

import { describe, expect, it } from 'vitest';
import { detectDelimiter, parseCsv } from './csv-parse.ts';

// The contacts import's CSV reader (docs/decisions/101-contacts-import.md): RFC 4180 quoting,
// every kind of line end, and broken quoting answered with its line.

const cells = (text: string) => {
  const result = parseCsv(text);
  if (!result.ok) throw new Error(result.message);
  return result.records.map((r) => r.cells);
};

describe('parseCsv', () => {
  it('reads plain fields, with or without a final line break', () => {
    expect(cells('a,b,c\n1,2,3\n')).toEqual([
      ['a', 'b', 'c'],
      ['1', '2', '3'],
    ]);
    expect(cells('a,b\n1,2')).toEqual([
      ['a', 'b'],
      ['1', '2'],
    ]);
    expect(cells('a,b\n1,\n,2\n')).toEqual([
      ['a', 'b'],
      ['1', ''],
      ['', '2'],
    ]);
    expect(cells('a,b\n1,')).toEqual([
      ['a', 'b'],
      ['1', ''],
    ]);
  });

  it('reads quoted fields with delimiters, doubled quotes and line breaks', () => {
    expect(cells('name,note\r\n"Doe, Pat","She said ""hi"""\r\n"multi\r\nline",x\r\n')).toEqual([
      ['name', 'note'],
      ['Doe, Pat', 'She said "hi"'],
      ['multi\r\nline', 'x'],
    ]);
    expect(cells('"",""\n')).toEqual([['', '']]);
  });

  it('accepts CRLF, LF and lone CR line ends, and skips blank lines', () => {
    expect(cells('a\r\n1\n2\r3\r\n\r\n\n4')).toEqual([['a'], ['1'], ['2'], ['3'], ['4']]);
  });

  it('numbers each record by the line it starts on, counting quoted line breaks', () => {
    const result = parseCsv('h1,h2\n"a\nb",c\n\nd,e\n');
    expect(result.ok && result.records.map((r) => r.line)).toEqual([1, 2, 5]);
  });

  it('drops a byte order mark', () => {
    expect(cells('\uFEFFE-mail,Name\nx@example.com,X')).toEqual([
      ['E-mail', 'Name'],
      ['x@example.com', 'X'],
    ]);
  });

  it('keeps a quote inside an unquoted field as text', () => {
    expect(cells('size\n5" screen\n')).toEqual([['size'], ['5" screen']]);
  });

  it('answers a quoted field that is never closed with the line it opens on', () => {
    expect(parseCsv('a,b\n1,2\n3,"four\nfive\n6,7\n')).toEqual({
      ok: false,
      line: 3,
      message: 'Line 3: a quoted field is not closed',
    });
  });

  it('answers text after a closing quote with its line', () => {
    expect(parseCsv('a,b\n"x\ny"z,1\n')).toEqual({
      ok: false,
      line: 3,
      message: 'Line 3: text follows the closing quote of a field',
    });
  });

  it('uses the delimiter the header uses most: comma, semicolon or tab', () => {
    expect(detectDelimiter('Name;E-mail;Tags\nA;a@x.y;"b,c"')).toBe(';');
    expect(detectDelimiter('Name\tE-mail\n')).toBe('\t');
    expect(detectDelimiter('"a;b",c\n')).toBe(',');
    expect(detectDelimiter('E-mail\n')).toBe(',');
    expect(cells('Name;Tags\nAnn;"vip,local"\n')).toEqual([
      ['Name', 'Tags'],
      ['Ann', 'vip,local'],
    ]);
  });

  it('stops after the most records asked for', () => {
    const text = `h\n${'x\n'.repeat(10)}`;
    const result = parseCsv(text, { maxRecords: 5 });
    expect(result.ok && result.truncated).toBe(true);
    expect(result.ok && result.records).toHaveLength(6);
    const all = parseCsv(text, { maxRecords: 11 });
    expect(all.ok && all.truncated).toBe(false);
  });
});

import { and, eq, sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  IMPORT_BODY_BYTES,
  type ImportPreview,
  type ImportResult,
} from '#shared/contracts/audience-import.contract.ts';
import {
  createSignedInUser,
  getTestApp,
  type SignedInUser,
  type TestApp,
} from '#server/test/app.ts';
import { expectError } from '#server/test/expect-error.ts';
import { addMember } from '#server/test/team.ts';
import { expectOk } from '../inbox/inbox.test-helpers.ts';
import { audienceContacts } from './audience.tables.ts';
import { audienceActivities } from './crm.tables.ts';

// The contacts import through the app (docs/decisions/101-contacts-import.md): the preview's
// figures, invalid rows refusing the import or skipped, duplicates by e-mail against the
// business's contacts and within the file, consent and its source, who may import, another
// business never touched, files too large, too long or not text, formulas neutralised on export,
// and a failure in the middle leaving nothing behind.

let t: TestApp;

beforeAll(async () => {
  t = await getTestApp();
});

const PREVIEW = '/api/audience/contacts/import/preview';
const IMPORT = '/api/audience/contacts/import';
const b64 = (text: string | Buffer) => Buffer.from(text).toString('base64');
const db = () => t.runtime.deps.database.unsafeDb;

const preview = (user: SignedInUser, csv: string | Buffer, mapping?: unknown) =>
  user.client.request(PREVIEW, { json: { csv: b64(csv), ...(mapping ? { mapping } : {}) } });
const importFile = (
  user: SignedInUser,
  csv: string | Buffer,
  mapping: unknown,
  skipInvalid = false,
) => user.client.request(IMPORT, { json: { csv: b64(csv), mapping, skipInvalid } });

async function contactsOf(tenantId: string) {
  return db()
    .select()
    .from(audienceContacts)
    .where(eq(audienceContacts.userId, tenantId))
    .orderBy(audienceContacts.name);
}

async function activitiesOf(tenantId: string) {
  return db()
    .select()
    .from(audienceActivities)
    .where(and(eq(audienceActivities.userId, tenantId), eq(audienceActivities.kind, 'import')));
}

async function seedContact(
  tenantId: string,
  values: Partial<typeof audienceContacts.$inferInsert>,
) {
  const [row] = await db()
    .insert(audienceContacts)
    .values({ userId: tenantId, name: 'Seeded', source: 'manual', ...values })
    .returning();
  return row!;
}

const FULL = ['name', 'email', 'phone', 'tags', 'location', 'consent', 'consentSource'];
const HEADER = 'Name,E-mail,Phone,Tags,City,Consent,Consent source\r\n';

describe('the preview', () => {
  it('suggests a mapping, shows the first rows and counts every row', async () => {
    const owner = await createSignedInUser(t);
    await seedContact(owner.userId, { name: 'Ann Existing', email: 'Ann@Example.com' });
    const csv =
      HEADER +
      'Ann Lee,ann@example.com,+44 20 7946 0000,vip; local,Leeds,yes,Shop form\r\n' +
      'Ben Cruz,ben@example.com,,,,no,\r\n' +
      ',bad-address,,,,,\r\n' +
      'Ben again,BEN@example.com,,regular,,,\r\n' +
      ',cara@example.com,12,,,maybe,\r\n' +
      'Dan,,,,,yes,\r\n';
    const answer: ImportPreview = await expectOk(await preview(owner, csv));
    expect(answer.header).toEqual([
      'Name',
      'E-mail',
      'Phone',
      'Tags',
      'City',
      'Consent',
      'Consent source',
    ]);
    expect(answer.suggested).toEqual(FULL);
    expect(answer.mapping).toEqual(FULL);
    expect(answer.totals).toEqual({
      rows: 6,
      valid: 3,
      invalid: 3,
      created: 1,
      updated: 1,
      duplicates: 1,
    });
    expect(answer.rows.map((r) => [r.row, r.action])).toEqual([
      [2, 'update'],
      [3, 'create'],
      [4, 'invalid'],
      [5, 'duplicate'],
      [6, 'invalid'],
      [7, 'invalid'],
    ]);
    expect(answer.rows[0]!.values).toEqual({
      name: 'Ann Lee',
      email: 'ann@example.com',
      phone: '+44 20 7946 0000',
      tags: ['vip', 'local'],
      location: 'Leeds',
      consent: true,
      consentSource: 'Shop form',
    });
    expect(answer.errors).toEqual([
      { row: 4, column: 'E-mail', message: 'Not a valid e-mail address' },
      { row: 6, column: 'Phone', message: 'Not a valid phone number' },
      { row: 6, column: 'Consent', message: 'Use yes or no' },
      { row: 7, column: 'Consent source', message: 'Say where the consent was given' },
    ]);
    // Nothing is written by a preview.
    expect(await contactsOf(owner.userId)).toHaveLength(1);
  });

  it('previews another mapping, and names every error of a long file', async () => {
    const owner = await createSignedInUser(t);
    const rows = Array.from({ length: 30 }, (_, i) => `Person ${i},not-an-email-${i}\n`).join('');
    const answer: ImportPreview = await expectOk(
      await preview(owner, `Who,Where\n${rows}`, ['name', null]),
    );
    expect(answer.suggested).toEqual([null, null]);
    expect(answer.mapping).toEqual(['name', null]);
    expect(answer.totals).toMatchObject({ rows: 30, valid: 30, created: 30 });
    expect(answer.rows).toHaveLength(20);
    const bad: ImportPreview = await expectOk(
      await preview(owner, `Who,Where\n${rows}`, [null, 'email']),
    );
    expect(bad.totals).toMatchObject({ rows: 30, invalid: 30 });
    expect(bad.errors).toHaveLength(30);
    expect(bad.errors[29]).toEqual({
      row: 31,
      column: 'Where',
      message: 'Not a valid e-mail address',
    });
  });
});

describe('the import', () => {
  it('refuses a file with invalid rows unless they are skipped, and writes nothing', async () => {
    const owner = await createSignedInUser(t);
    const csv = `${HEADER}Ann,ann@example.com,,,,,\r\nBad,nope,,,,,\r\nCara,,,,,yes,\r\n`;
    const refused = await importFile(owner, csv, FULL);
    expectError(refused, 422, 'BUSINESS_RULE_VIOLATION');
    expect(refused.json.error).toBe(
      '2 rows are not valid. Fix the file, or skip the invalid rows.',
    );
    expect(refused.json.metadata.fieldErrors).toMatchObject({
      'rows.3': 'E-mail: Not a valid e-mail address',
      'rows.4': 'Consent source: Say where the consent was given',
    });
    expect(await contactsOf(owner.userId)).toHaveLength(0);

    const done: ImportResult = await expectOk(
      await owner.client.request(IMPORT, {
        json: { csv: b64(csv), mapping: FULL, skipInvalid: true, fileName: ' shop.csv ' },
      }),
    );
    expect(done).toEqual({ created: 1, updated: 0, duplicates: 0, skipped: 2 });
    const [ann] = await contactsOf(owner.userId);
    expect(ann).toMatchObject({ name: 'Ann', email: 'ann@example.com', source: 'import' });
    const activities = await activitiesOf(owner.userId);
    expect(activities).toEqual([
      expect.objectContaining({
        contactId: ann!.id,
        actorId: owner.userId,
        data: { rows: [2], created: true, source: 'shop.csv' },
      }),
    ]);
  });

  it('matches e-mails in any case against the contacts and within the file', async () => {
    const owner = await createSignedInUser(t);
    const ann = await seedContact(owner.userId, {
      name: 'Ann From Inbox',
      email: 'Ann@Example.com',
      location: 'York',
      tags: ['vip'],
    });
    const cara = await seedContact(owner.userId, {
      name: 'Cara',
      email: 'cara@example.com',
      consent: true,
      consentSource: 'Newsletter form',
    });
    const csv =
      HEADER +
      'Ann Lee,ANN@example.com,+351 912 345 678,local,Leeds,no,\r\n' +
      'Ann L.,ann@EXAMPLE.com,,vip;baker,,yes,Counter sign-up\r\n' +
      'Cara,cara@example.com,,,,yes,Stall\r\n' +
      ',dev@example.com,,a,,,\r\n' +
      'Dev Again,Dev@example.com,+1 555 0100,b,,y,Web\r\n';
    const done: ImportResult = await expectOk(await importFile(owner, csv, FULL));
    expect(done).toEqual({ created: 1, updated: 2, duplicates: 2, skipped: 0 });
    const rows = await contactsOf(owner.userId);
    expect(rows).toHaveLength(3);
    const byId = new Map(rows.map((r) => [r.id, r]));
    expect(byId.get(ann.id)).toMatchObject({
      name: 'Ann From Inbox',
      email: 'Ann@Example.com',
      phone: '+351 912 345 678',
      location: 'York',
      tags: ['vip', 'local', 'baker'],
      consent: true,
      consentSource: 'Counter sign-up',
      source: 'manual',
    });
    // Consent already given keeps its own source.
    expect(byId.get(cara.id)).toMatchObject({ consent: true, consentSource: 'Newsletter form' });
    const dev = rows.find((r) => r.email === 'dev@example.com')!;
    expect(dev).toMatchObject({
      name: 'dev',
      phone: '+1 555 0100',
      tags: ['a', 'b'],
      consent: true,
      consentSource: 'Web',
      source: 'import',
    });
    const activities = await activitiesOf(owner.userId);
    expect(new Map(activities.map((a) => [a.contactId, a.data]))).toEqual(
      new Map([
        [ann.id, { rows: [2, 3], created: false, source: null }],
        [cara.id, { rows: [4], created: false, source: null }],
        [dev.id, { rows: [5, 6], created: true, source: null }],
      ]),
    );
    // The same file again makes no contact twice.
    const again: ImportResult = await expectOk(await importFile(owner, csv, FULL));
    expect(again).toMatchObject({ created: 0, updated: 3 });
    expect(await contactsOf(owner.userId)).toHaveLength(3);
  });

  it("never matches or changes another business's contact", async () => {
    const other = await createSignedInUser(t);
    const theirs = await seedContact(other.userId, { name: 'Theirs', email: 'shared@example.com' });
    const owner = await createSignedInUser(t);
    const csv = 'Name,Email,Phone\nMine,shared@example.com,+44 1632 960000\n';
    const answer: ImportPreview = await expectOk(await preview(owner, csv));
    expect(answer.totals).toMatchObject({ created: 1, updated: 0 });
    await expectOk(await importFile(owner, csv, ['name', 'email', 'phone']));
    expect(await contactsOf(owner.userId)).toEqual([
      expect.objectContaining({ name: 'Mine', email: 'shared@example.com' }),
    ]);
    const [after] = await contactsOf(other.userId);
    expect(after).toEqual(theirs);
    expect(await activitiesOf(other.userId)).toHaveLength(0);
  });

  it('lets staff import and refuses a viewer before reading the file', async () => {
    const owner = await createSignedInUser(t);
    const viewer = await addMember(t, owner, 'viewer');
    const csv = 'Name\nAnn\n';
    expectError(await preview(viewer, csv), 403, 'FORBIDDEN');
    expectError(await importFile(viewer, csv, ['name']), 403, 'FORBIDDEN');
    expectError(
      await viewer.client.request(IMPORT, { json: { csv: 42, mapping: 'x' } }),
      403,
      'FORBIDDEN',
    );
    expect(await contactsOf(owner.userId)).toHaveLength(0);
    const staff = await addMember(t, owner, 'staff');
    await expectOk(await importFile(staff, csv, ['name']));
    expect(await contactsOf(owner.userId)).toHaveLength(1);
  });

  it('writes 10,000 rows in one go', async () => {
    const owner = await createSignedInUser(t);
    const rows = Array.from(
      { length: 10_000 },
      (_, i) => `Person ${i},p${i}@example.com,+44 20 ${String(i).padStart(4, '0')},t${i % 7}\n`,
    ).join('');
    const started = performance.now();
    const done: ImportResult = await expectOk(
      await importFile(owner, `Name,Email,Phone,Tags\n${rows}`, ['name', 'email', 'phone', 'tags']),
    );
    expect(done.created).toBe(10_000);
    expect(performance.now() - started).toBeLessThan(20_000);
    const [count] = await db()
      .select({ n: sql<number>`count(*)::int` })
      .from(audienceContacts)
      .where(eq(audienceContacts.userId, owner.userId));
    expect(count!.n).toBe(10_000);
    expect(await activitiesOf(owner.userId)).toHaveLength(10_000);
  }, 60_000);

  it('leaves nothing behind when a statement fails in the middle', async () => {
    const owner = await createSignedInUser(t);
    const existing = await seedContact(owner.userId, { name: 'Kept', email: 'kept@example.com' });
    const poison = `Refused ${crypto.randomUUID()}`;
    const constraint = `import_test_${crypto.randomUUID().replaceAll('-', '')}`;
    // A constraint only this test's name breaks, so the second batch of inserts fails after the
    // first one and the update were written.
    await db().execute(
      sql.raw(
        `alter table audience_contacts add constraint ${constraint} check (name <> '${poison}')`,
      ),
    );
    try {
      const rows = Array.from({ length: 6_000 }, (_, i) =>
        i === 5_500 ? `${poison},\n` : `P${i},p${i}@example.com\n`,
      ).join('');
      const csv = `Name,Email\nKept Again,kept@example.com\n${rows}`;
      const res = await importFile(owner, csv, ['name', 'email']);
      expectError(res, 500, 'DATABASE_ERROR');
    } finally {
      await db().execute(sql.raw(`alter table audience_contacts drop constraint ${constraint}`));
    }
    expect(await contactsOf(owner.userId)).toEqual([existing]);
    expect(await activitiesOf(owner.userId)).toHaveLength(0);
  }, 60_000);
});

describe('files that are refused', () => {
  it('refuses more than 50,000 rows at once', async () => {
    const owner = await createSignedInUser(t);
    const csv = `Name\n${'x\n'.repeat(50_001)}`;
    const res = await preview(owner, csv);
    expectError(res, 400, 'VALIDATION_ERROR');
    expect(res.json.metadata.fieldErrors.csv).toBe(
      'At most 50,000 rows in one file. Split it into smaller files.',
    );
    expectError(await importFile(owner, csv, ['name'], true), 400, 'VALIDATION_ERROR');
    expect(await contactsOf(owner.userId)).toHaveLength(0);
  });

  it('refuses a body over the limit before reading it', async () => {
    const owner = await createSignedInUser(t);
    const res = await owner.client.request(PREVIEW, {
      json: { csv: 'A'.repeat(IMPORT_BODY_BYTES + 10) },
    });
    expectError(res, 413, 'PAYLOAD_TOO_LARGE');
    expect(res.json.error).toBe('The file is larger than 5 MB. Split it into smaller files.');
  });

  it('refuses binary files, empty files and broken quoting, with what is wrong', async () => {
    const owner = await createSignedInUser(t);
    const png = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 0x0d]);
    const binary = await preview(owner, png);
    expectError(binary, 400, 'VALIDATION_ERROR');
    expect(binary.json.metadata.fieldErrors.csv).toMatch(/^This file is not a CSV/);
    const empty = await preview(owner, '\uFEFF  \r\n');
    expectError(empty, 400, 'VALIDATION_ERROR');
    expect(empty.json.metadata.fieldErrors.csv).toBe('The file is empty');
    const broken = await preview(owner, 'Name,Email\nAnn,a@example.com\n"Ben,b@example.com\n');
    expectError(broken, 400, 'VALIDATION_ERROR');
    expect(broken.json.metadata.fieldErrors.csv).toBe(
      'Line 3: a quoted field is not closed. Check its quotes.',
    );
    const notBase64 = await owner.client.request(PREVIEW, { json: { csv: 'not base64!' } });
    expectError(notBase64, 400, 'VALIDATION_ERROR');
    const badMapping = await importFile(owner, 'Name\nAnn\n', ['phone']);
    expectError(badMapping, 400, 'VALIDATION_ERROR');
    expect(badMapping.json.metadata.fieldErrors.mapping).toBe(
      'Choose the column of the name or of the e-mail',
    );
    const wide = await importFile(owner, 'Name\nAnn\n', ['name', 'email']);
    expectError(wide, 400, 'VALIDATION_ERROR');
    expect(wide.json.metadata.fieldErrors.mapping).toBe('The file has 1 columns');
  });

  it('reads Windows-1252 files, and refuses the rows of a mixed file that are not UTF-8', async () => {
    const owner = await createSignedInUser(t);
    const latin = Buffer.from('Name,City\nJosé,Málaga\n', 'latin1');
    const answer: ImportPreview = await expectOk(await preview(owner, latin));
    expect(answer.rows[0]!.values).toMatchObject({ name: 'José', location: 'Málaga' });
    const mixed = Buffer.concat([
      Buffer.from('Name,City\nZoë,Köln\n', 'utf8'),
      Buffer.from('José,Málaga\n', 'latin1'),
    ]);
    const read: ImportPreview = await expectOk(await preview(owner, mixed));
    expect(read.rows[0]!.values).toMatchObject({ name: 'Zoë', location: 'Köln' });
    expect(read.errors).toEqual([
      { row: 3, column: null, message: 'This row is not valid UTF-8 text' },
    ]);
  });
});

describe('formulas', () => {
  it('stores formula-looking text as typed and neutralises it on export', async () => {
    const owner = await createSignedInUser(t);
    const csv =
      'Name,Phone,City\n"=HYPERLINK(""http://evil.example"",""Click"")",+44 20 7946 0000,@home\n';
    await expectOk(await importFile(owner, csv, ['name', 'phone', 'location']));
    const [row] = await contactsOf(owner.userId);
    expect(row).toMatchObject({
      name: '=HYPERLINK("http://evil.example","Click")',
      phone: '+44 20 7946 0000',
      location: '@home',
    });
    const exported = await owner.client.request('/api/audience/contacts.csv');
    const line = exported.text.replace(/^\uFEFF/, '').split('\r\n')[1]!;
    expect(
      line.startsWith(
        `"'=HYPERLINK(""http://evil.example"",""Click"")",,,'+44 20 7946 0000,'@home,`,
      ),
    ).toBe(true);
  });
});

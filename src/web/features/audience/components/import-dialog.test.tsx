import { describe, expect, it } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import {
  audienceImportRoutes,
  IMPORT_LIMITS,
  type ImportPreview,
} from '#shared/contracts/audience-import.contract.ts';
import { fail, ok } from '../../../test/mock-api.ts';
import { IMPORT_MAX_BYTES, IMPORT_MAX_ROWS, importPaths } from '../api/use-import.ts';
import {
  audienceApi,
  bodiesTo,
  contact,
  page,
  queriesOf,
  renderAudience,
} from '../pages/audience.test-helpers.tsx';

// "Import CSV" on the audience page: choosing a file, the mapping and preview, skipping invalid
// rows, a refused import that keeps the file and mapping, the summary, and the browser's own
// checks before anything is sent.

const CSV = 'Name,E-mail,Notes\nAnn Lee,ann@example.com,x\nBad,nope,y\n';
const b64 = (text: string) => btoa(text);

function preview(overrides: Partial<ImportPreview> = {}): ImportPreview {
  return {
    header: ['Name', 'E-mail', 'Notes'],
    suggested: ['name', 'email', null],
    mapping: ['name', 'email', null],
    rows: [
      {
        row: 2,
        action: 'create',
        values: {
          name: 'Ann Lee',
          email: 'ann@example.com',
          phone: null,
          tags: ['vip'],
          location: null,
          consent: false,
          consentSource: null,
        },
      },
      { row: 3, action: 'invalid', values: null },
    ],
    errors: [{ row: 3, column: 'E-mail', message: 'Not a valid e-mail address' }],
    totals: { rows: 2, valid: 1, invalid: 1, created: 1, updated: 0, duplicates: 0 },
    ...overrides,
  };
}

async function openDialog() {
  fireEvent.click(await screen.findByRole('button', { name: 'Import CSV' }));
  return screen.findByRole('dialog', { name: 'Import contacts from CSV' });
}

function choose(dialog: HTMLElement, file: File) {
  fireEvent.change(within(dialog).getByLabelText('Choose a CSV file'), {
    target: { files: [file] },
  });
}

describe('the import dialog', () => {
  it('copies the contract’s paths and limits', () => {
    expect(importPaths).toEqual(audienceImportRoutes);
    expect(IMPORT_MAX_BYTES).toBe(IMPORT_LIMITS.maxBytes);
    expect(IMPORT_MAX_ROWS).toBe(IMPORT_LIMITS.maxRows);
  });

  it('maps, previews, skips the invalid rows and imports', async () => {
    let imports = 0;
    const { calls, fetchMock } = audienceApi({
      'POST /api/audience/contacts/import/preview': ({ body }) => {
        const mapping = (body as { mapping?: ImportPreview['mapping'] }).mapping;
        return ok(preview(mapping ? { mapping } : {}));
      },
      'POST /api/audience/contacts/import': () => {
        imports += 1;
        return imports === 1
          ? fail(422, 'BUSINESS_RULE_VIOLATION', 'The import could not be written', {
              fieldErrors: { _: '1 row is not valid. Fix the file, or skip the invalid rows.' },
            })
          : ok({ created: 1, updated: 0, duplicates: 0, skipped: 1 });
      },
      'GET /api/audience/contacts': page([contact()]),
    });
    renderAudience('/dashboard/audience');
    const dialog = await openDialog();
    choose(dialog, new File([CSV], 'contacts.csv', { type: 'text/csv' }));

    const table = await within(dialog).findByRole('table', { name: 'Preview' });
    expect(bodiesTo(calls, 'POST', importPaths.preview)).toEqual([{ csv: b64(CSV) }]);
    expect(within(dialog).getByText('contacts.csv')).toBeTruthy();
    const rows = within(table).getAllByRole('row').slice(1);
    expect(within(rows[0]!).getByText('Ann Lee')).toBeTruthy();
    expect(within(rows[0]!).getByText('New')).toBeTruthy();
    expect(within(rows[1]!).getByText('E-mail: Not a valid e-mail address')).toBeTruthy();
    expect(within(rows[1]!).getByText('Invalid')).toBeTruthy();
    const totals = within(within(dialog).getByLabelText('Totals'));
    expect(totals.getByText('New contacts').nextSibling?.textContent).toBe('1');
    expect(totals.getByText('Invalid rows').nextSibling?.textContent).toBe('1');
    expect(within(dialog).getByText('1 row has a problem')).toBeTruthy();

    const notes = within(dialog).getByRole('combobox', { name: 'Column Notes' });
    expect((notes as HTMLSelectElement).value).toBe('');
    expect(within(dialog).getByRole('combobox', { name: 'Column Name' })).toHaveProperty(
      'value',
      'name',
    );
    // A field moves: "Name" from the first column to the third.
    fireEvent.change(notes, { target: { value: 'name' } });
    await waitFor(() =>
      expect(bodiesTo(calls, 'POST', importPaths.preview).at(-1)).toEqual({
        csv: b64(CSV),
        mapping: [null, 'email', 'name'],
      }),
    );

    const importButton = within(dialog).getByRole('button', { name: 'Import 1 contact' });
    expect(importButton).toHaveProperty('disabled', true);
    fireEvent.click(within(dialog).getByRole('checkbox', { name: 'Skip the 1 invalid row' }));
    await waitFor(() => expect(importButton).toHaveProperty('disabled', false));
    fireEvent.click(importButton);
    const refused = await within(dialog).findByRole('alert');
    expect(refused.textContent).toContain('Nothing was imported');
    expect(refused.textContent).toContain('1 row is not valid');
    // The file and the mapping stay for another try.
    expect(within(dialog).getByText('contacts.csv')).toBeTruthy();
    expect(within(dialog).getByRole('combobox', { name: 'Column Notes' })).toHaveProperty(
      'value',
      'name',
    );

    const contactsBefore = queriesOf(fetchMock, '/api/audience/contacts').length;
    fireEvent.click(within(dialog).getByRole('button', { name: 'Import 1 contact' }));
    expect(await within(dialog).findByText('Contacts imported')).toBeTruthy();
    expect(within(dialog).getByText(/1 new · 0 updated · 1 invalid rows skipped/)).toBeTruthy();
    expect(bodiesTo(calls, 'POST', importPaths.import).at(-1)).toEqual({
      csv: b64(CSV),
      mapping: [null, 'email', 'name'],
      skipInvalid: true,
      fileName: 'contacts.csv',
    });
    await waitFor(() =>
      expect(queriesOf(fetchMock, '/api/audience/contacts').length).toBeGreaterThan(contactsBefore),
    );
    fireEvent.click(within(dialog).getByRole('button', { name: 'Done' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });

  it('checks the file before sending it, and shows why the server refused one', async () => {
    const { calls } = audienceApi({
      'POST /api/audience/contacts/import/preview': fail(
        400,
        'VALIDATION_ERROR',
        'Please check your input and try again.',
        { fieldErrors: { csv: 'Line 3: a quoted field is not closed. Check its quotes.' } },
      ),
    });
    renderAudience('/dashboard/audience');
    const dialog = await openDialog();
    choose(dialog, new File([], 'empty.csv'));
    expect((await within(dialog).findByRole('alert')).textContent).toBe('This file is empty.');
    choose(dialog, new File([new Uint8Array(IMPORT_MAX_BYTES + 1)], 'big.csv'));
    expect((await within(dialog).findByRole('alert')).textContent).toBe(
      'The file is larger than 5 MB. Split it into smaller files.',
    );
    expect(bodiesTo(calls, 'POST', importPaths.preview)).toEqual([]);
    choose(dialog, new File(['a,b\n"x,y\n'], 'broken.csv'));
    await waitFor(() =>
      expect(within(dialog).getByRole('alert').textContent).toBe(
        'Line 3: a quoted field is not closed. Check its quotes.',
      ),
    );
    expect(within(dialog).queryByRole('table')).toBeNull();
  });
});

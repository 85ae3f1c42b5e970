import { describe, expect, it } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { fail, ok } from '../../../../test/mock-api.ts';
import { bodiesTo } from '../../pages/audience.test-helpers.tsx';
import {
  EMAIL_ID,
  emailApiMock,
  emailCampaign,
  reach,
  renderEmail,
  SEGMENT_ID,
} from './email.test-helpers.tsx';

// The draft editor: client checks as the contract's, the first save making the draft, merge
// fields at the cursor, the reach, the live preview from the server in a sandboxed frame, the
// version conflict, the test to oneself, and Send now / Schedule behind their questions.

const EMAILS = '/api/audience/emails';
const ONE = `/api/audience/emails/${EMAIL_ID}`;
const location = () => screen.getByTestId('location').textContent;
const field = (name: string) => screen.getByRole('textbox', { name: new RegExp(`^${name}`) });
const type = (name: string, value: string) => fireEvent.change(field(name), { target: { value } });

describe('a new e-mail', () => {
  it('checks the fields in the browser, then makes the draft on its first save', async () => {
    const { calls } = emailApiMock({
      [`POST ${EMAILS}`]: ({ body }) =>
        ok(emailCampaign({ ...(body as object), version: 1, segmentName: 'Happy regulars' })),
    });
    renderEmail('/dashboard/audience/emails/new');
    const form = await screen.findByRole('form', { name: 'E-mail' });
    fireEvent.click(within(form).getByRole('button', { name: 'Save draft' }));
    expect(await screen.findByText('Name the e-mail')).toBeTruthy();
    expect(bodiesTo(calls, 'POST', EMAILS)).toHaveLength(0);

    type('Name', '  Spring news ');
    fireEvent.change(screen.getByRole('combobox', { name: 'Segment' }), {
      target: { value: SEGMENT_ID },
    });
    expect(
      await screen.findByText(
        '312 of 540 contacts have an e-mail address and consent; 4 are on the suppression list. It goes to 308 people.',
      ),
    ).toBeTruthy();
    type('Subject', 'Fresh from the oven');
    fireEvent.click(screen.getByRole('button', { name: 'Save draft' }));
    await waitFor(() => expect(location()).toBe(`/dashboard/audience/emails/${EMAIL_ID}`));
    expect(bodiesTo(calls, 'POST', EMAILS)).toEqual([
      {
        name: 'Spring news',
        subject: 'Fresh from the oven',
        preheader: '',
        body: '',
        segmentId: SEGMENT_ID,
        clickTracking: false,
      },
    ]);
    expect(await screen.findByText('Draft saved')).toBeTruthy();
  });
});

describe('the editor', () => {
  it('puts a merge field at the cursor and shows the server’s preview in a sandboxed frame', async () => {
    const { calls } = emailApiMock();
    renderEmail(`/dashboard/audience/emails/${EMAIL_ID}`);
    const body = (await screen.findByRole('textbox', { name: /^Body/ })) as HTMLTextAreaElement;
    fireEvent.change(body, { target: { value: 'Hi !' } });
    body.setSelectionRange(3, 3);
    fireEvent.click(screen.getByRole('button', { name: /Insert first name/ }));
    expect(body.value).toBe('Hi {{firstName|there}}!');
    expect(body.selectionStart).toBe(22);

    const frame = await screen.findByTitle('E-mail preview');
    await waitFor(() => expect(frame.getAttribute('srcdoc')).toBe('<p>Hi Ann!</p>'));
    expect(frame.getAttribute('sandbox')).toBe('');
    // Typing quickly asks once, after the pause.
    expect(bodiesTo(calls, 'POST', '/api/audience/emails/preview')).toContainEqual({
      subject: 'Fresh from the oven',
      preheader: 'Our spring loaves',
      body: 'Hi {{firstName|there}}!',
    });
    expect(
      bodiesTo(calls, 'POST', '/api/audience/emails/preview').filter(
        (b) => (b as { body: string }).body === 'Hi !',
      ),
    ).toHaveLength(0);

    fireEvent.change(body, { target: { value: 'Hi {{nickname}}' } });
    expect(await screen.findByText('Unknown merge fields')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Send now' }));
    expect(await screen.findByText('Unknown merge fields: {{nickname}}')).toBeTruthy();
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('keeps what was typed on a version conflict, and Reload brings the other version', async () => {
    let version = 3;
    emailApiMock({
      [`GET ${ONE}`]: () =>
        ok(emailCampaign({ version, subject: version > 3 ? 'Theirs' : 'Fresh from the oven' })),
      [`PATCH ${ONE}`]: () =>
        fail(409, 'WORKFLOW_STATE_INVALID', 'Invalid workflow state. Please start over.', {
          errorType: 'business',
        }),
    });
    renderEmail(`/dashboard/audience/emails/${EMAIL_ID}`);
    await screen.findByRole('form', { name: 'E-mail' });
    type('Subject', 'Mine');
    version = 4;
    fireEvent.click(screen.getByRole('button', { name: 'Save draft' }));
    expect(await screen.findByText('This e-mail changed')).toBeTruthy();
    expect((field('Subject') as HTMLInputElement).value).toBe('Mine');
    expect(screen.getByRole('button', { name: 'Send now' }).hasAttribute('disabled')).toBe(true);
    fireEvent.click(screen.getByRole('button', { name: 'Reload' }));
    await waitFor(() => expect((field('Subject') as HTMLInputElement).value).toBe('Theirs'));
    expect(screen.queryByText('This e-mail changed')).toBeNull();
  });

  it('saves first, then sends a test to the signed-in person', async () => {
    const { calls } = emailApiMock({
      [`PATCH ${ONE}`]: ({ body }) => ok(emailCampaign({ ...(body as object), version: 4 })),
      [`POST ${ONE}/test`]: ok({ to: 'owner@example.com' }),
    });
    renderEmail(`/dashboard/audience/emails/${EMAIL_ID}`);
    await screen.findByRole('form', { name: 'E-mail' });
    type('Subject', 'Spring loaves');
    fireEvent.click(screen.getByRole('button', { name: 'Send test to me' }));
    expect(await screen.findByText('Test sent to owner@example.com')).toBeTruthy();
    expect(bodiesTo(calls, 'PATCH', ONE)).toEqual([
      expect.objectContaining({ subject: 'Spring loaves', version: 3 }),
    ]);
    expect(calls.filter((c) => c.path === `${ONE}/test`)).toHaveLength(1);
  });

  it('asks before sending now, saying how many it reaches', async () => {
    const { calls } = emailApiMock({
      [`POST ${ONE}/send`]: () =>
        ok(emailCampaign({ status: 'sending', startedAt: '2026-11-29T10:00:00.000Z' })),
    });
    renderEmail(`/dashboard/audience/emails/${EMAIL_ID}`);
    await screen.findByText(/It goes to 308 people/);
    fireEvent.click(screen.getByRole('button', { name: 'Send now' }));
    const dialog = await screen.findByRole('dialog', {
      name: 'Send this e-mail now to 308 people?',
    });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Send now' }));
    expect(await screen.findByRole('region', { name: 'Figures' })).toBeTruthy();
    expect(bodiesTo(calls, 'POST', `${ONE}/send`)).toEqual([{ sendAt: null, version: 3 }]);
    expect(bodiesTo(calls, 'PATCH', ONE)).toHaveLength(0);
  });

  it('schedules at a date and time of the business time zone', async () => {
    const { calls } = emailApiMock({
      [`POST ${ONE}/send`]: ({ body }) =>
        ok(emailCampaign({ status: 'scheduled', sendAt: (body as { sendAt: string }).sendAt })),
    });
    renderEmail(`/dashboard/audience/emails/${EMAIL_ID}`);
    await screen.findByText(/It goes to 308 people/);
    fireEvent.click(screen.getByRole('button', { name: 'Schedule…' }));
    const dialog = await screen.findByRole('dialog', {
      name: 'Schedule this e-mail for 308 people',
    });
    fireEvent.change(within(dialog).getByLabelText('Date'), { target: { value: '2020-01-01' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Schedule' }));
    expect(await within(dialog).findByText('Choose a time in the future')).toBeTruthy();
    fireEvent.change(within(dialog).getByLabelText('Date'), { target: { value: '2099-07-01' } });
    fireEvent.change(within(dialog).getByLabelText(/^Time/), { target: { value: '10:30' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Schedule' }));
    expect(await screen.findByRole('button', { name: 'Cancel schedule' })).toBeTruthy();
    // 10:30 in Lisbon in July is 09:30 UTC.
    expect(bodiesTo(calls, 'POST', `${ONE}/send`)).toEqual([
      { sendAt: '2099-07-01T09:30:00.000Z', version: 3 },
    ]);
  });

  it('keeps the schedule dialog open with the server’s word on a refused time', async () => {
    emailApiMock({
      [`POST ${ONE}/send`]: fail(
        400,
        'VALIDATION_ERROR',
        'Please check your input and try again.',
        {
          fieldErrors: { sendAt: 'Choose a time in the future' },
        },
      ),
    });
    renderEmail(`/dashboard/audience/emails/${EMAIL_ID}`);
    await screen.findByText(/It goes to 308 people/);
    fireEvent.click(screen.getByRole('button', { name: 'Schedule…' }));
    const dialog = await screen.findByRole('dialog');
    fireEvent.change(within(dialog).getByLabelText('Date'), { target: { value: '2099-07-01' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Schedule' }));
    expect(await within(dialog).findByText('Choose a time in the future')).toBeTruthy();
    expect(screen.getByText('The e-mail was not scheduled')).toBeTruthy();
    fireEvent.change(within(dialog).getByLabelText(/^Time/), { target: { value: '11:00' } });
    expect(within(dialog).queryByText('Choose a time in the future')).toBeNull();
  });

  it('does not ask to send what is missing a subject, or reaches nobody', async () => {
    emailApiMock({
      [`GET ${ONE}`]: ok(emailCampaign({ subject: '' })),
      'GET /api/audience/emails/reach': ok(reach({ withConsent: 0, suppressed: 0, reachable: 0 })),
    });
    renderEmail(`/dashboard/audience/emails/${EMAIL_ID}`);
    await screen.findByText(/It goes to 0 people/);
    fireEvent.click(screen.getByRole('button', { name: 'Send now' }));
    expect(await screen.findByText('Write a subject')).toBeTruthy();
    type('Subject', 'Hello');
    fireEvent.click(screen.getByRole('button', { name: 'Send now' }));
    expect(await screen.findByText(/Nobody in this segment can receive it/)).toBeTruthy();
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('deletes a draft after asking, and goes back to the e-mails', async () => {
    const { calls } = emailApiMock({ [`DELETE ${ONE}`]: ok({ deleted: true }) });
    renderEmail(`/dashboard/audience/emails/${EMAIL_ID}`);
    fireEvent.click(await screen.findByRole('button', { name: 'Delete draft' }));
    const dialog = await screen.findByRole('dialog', { name: 'Delete the draft Spring news?' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Delete draft' }));
    await waitFor(() => expect(location()).toBe('/dashboard/audience?tab=emails'));
    expect(calls.filter((c) => c.method === 'DELETE' && c.path === ONE)).toHaveLength(1);
    expect(calls.filter((c) => c.method === 'GET' && c.path === ONE)).toHaveLength(1);
  });

  it('shows the server’s refusal under its field and keeps what was typed', async () => {
    emailApiMock({
      [`PATCH ${ONE}`]: fail(400, 'VALIDATION_ERROR', 'Please check your input and try again.', {
        fieldErrors: { segmentId: 'Choose a segment' },
      }),
    });
    renderEmail(`/dashboard/audience/emails/${EMAIL_ID}`);
    await screen.findByRole('form', { name: 'E-mail' });
    type('Name', 'Renamed');
    fireEvent.click(screen.getByRole('button', { name: 'Save draft' }));
    expect(await screen.findByText('Choose a segment')).toBeTruthy();
    expect(screen.getByText('Please check your input and try again.')).toBeTruthy();
    expect((field('Name') as HTMLInputElement).value).toBe('Renamed');
  });
});

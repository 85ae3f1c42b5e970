import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import ContactPage from './pages/contact-page.tsx';
import { CONTACT_SUCCESS_MESSAGE } from './components/contact-form.tsx';

const fetchMock = vi.fn<typeof fetch>();

beforeEach(() => {
  fetchMock.mockReset();
  vi.stubGlobal('fetch', fetchMock);
});

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

function jsonResponse(status: number, body: unknown): Response {
  return { ok: status >= 200 && status < 300, status, json: async () => body } as Response;
}

function renderContact() {
  render(
    <MemoryRouter initialEntries={['/contact']}>
      <ContactPage />
    </MemoryRouter>,
  );
  return {
    name: screen.getByLabelText('Name') as HTMLInputElement,
    email: screen.getByLabelText('Work e-mail') as HTMLInputElement,
    company: screen.getByLabelText(/Company/) as HTMLInputElement,
    message: screen.getByLabelText('Message') as HTMLTextAreaElement,
    submit: screen.getByRole('button', { name: 'Send message' }),
  };
}

function type(field: HTMLInputElement | HTMLTextAreaElement, value: string) {
  fireEvent.change(field, { target: { value } });
}

describe('ContactPage', () => {
  it('sets the document title', () => {
    renderContact();
    expect(document.title).toBe('Contact - Soci Gen');
  });

  it('shows an error next to each invalid field, keeps what was typed and sends nothing', () => {
    const form = renderContact();
    type(form.name, 'Ada Lovelace');
    type(form.email, 'ada@');
    fireEvent.click(form.submit);

    expect(screen.getByRole('alert').textContent).toContain(
      'Please check your input and try again.',
    );
    expect(
      screen.getByText('Please enter a valid e-mail address, like name@example.com.'),
    ).toBeTruthy();
    expect(screen.getByText('Please enter a message.')).toBeTruthy();
    expect(screen.queryByText('Please enter your name.')).toBeNull();

    expect(form.email.getAttribute('aria-invalid')).toBe('true');
    expect(form.message.getAttribute('aria-invalid')).toBe('true');
    expect(form.name.getAttribute('aria-invalid')).toBeNull();
    // The error is announced with the field it belongs to.
    const describedBy = form.email.getAttribute('aria-describedby') ?? '';
    expect(document.getElementById(describedBy)?.textContent).toContain('valid e-mail address');

    expect(form.name.value).toBe('Ada Lovelace');
    expect(form.email.value).toBe('ada@');
    expect(document.activeElement).toBe(form.email);
    expect(fetchMock).not.toHaveBeenCalled();

    // Fixing a field clears its error straight away.
    type(form.email, 'ada@example.com');
    expect(
      screen.queryByText('Please enter a valid e-mail address, like name@example.com.'),
    ).toBeNull();
  });

  it('posts JSON to /api/contact and shows the success state', async () => {
    fetchMock.mockResolvedValue(jsonResponse(201, { success: true, data: { id: 'c1' } }));
    const form = renderContact();
    type(form.name, 'Ada Lovelace');
    type(form.email, 'ada@example.com');
    type(form.message, 'We run two cafés and want to schedule a month of posts.');
    fireEvent.click(form.submit);

    expect(await screen.findByText(CONTACT_SUCCESS_MESSAGE)).toBeTruthy();
    expect(fetchMock).toHaveBeenCalledTimes(1);
    const [url, init] = fetchMock.mock.calls[0] ?? [];
    expect(url).toBe('/api/contact');
    expect(init?.method).toBe('POST');
    expect(new Headers(init?.headers).get('content-type')).toBe('application/json');
    expect(JSON.parse(String(init?.body))).toEqual({
      name: 'Ada Lovelace',
      email: 'ada@example.com',
      message: 'We run two cafés and want to schedule a month of posts.',
    });
  });

  it('shows the server error and its field errors, keeping every value', async () => {
    fetchMock.mockResolvedValue(
      jsonResponse(400, {
        success: false,
        error: 'Please check your input and try again.',
        metadata: {
          errorCode: 'VALIDATION_ERROR',
          fieldErrors: { email: ['This address cannot receive e-mail'] },
        },
      }),
    );
    const form = renderContact();
    type(form.name, 'Ada Lovelace');
    type(form.email, 'ada@example.invalid');
    type(form.company, 'Analytical Engines Ltd');
    type(form.message, 'Please call me about the yearly plan.');
    fireEvent.click(form.submit);

    expect(await screen.findByText('This address cannot receive e-mail')).toBeTruthy();
    expect(screen.getByRole('alert').textContent).toContain(
      'Please check your input and try again.',
    );
    expect(form.email.getAttribute('aria-invalid')).toBe('true');
    expect(form.name.value).toBe('Ada Lovelace');
    expect(form.email.value).toBe('ada@example.invalid');
    expect(form.company.value).toBe('Analytical Engines Ltd');
    expect(form.message.value).toBe('Please call me about the yearly plan.');
    expect(JSON.parse(String(fetchMock.mock.calls[0]?.[1]?.body)).company).toBe(
      'Analytical Engines Ltd',
    );
  });

  it('says so when the network is down', async () => {
    fetchMock.mockRejectedValue(new TypeError('Failed to fetch'));
    const form = renderContact();
    type(form.name, 'Ada Lovelace');
    type(form.email, 'ada@example.com');
    type(form.message, 'Is there a discount for charities?');
    fireEvent.click(form.submit);

    expect(
      await screen.findByText('Network connection issues. Please check your internet connection.'),
    ).toBeTruthy();
    expect(form.message.value).toBe('Is there a discount for charities?');
  });
});

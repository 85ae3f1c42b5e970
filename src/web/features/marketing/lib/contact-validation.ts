// Client-side checks for the contact form. The server validates again and is the authority; these
// only save a round trip and keep the messages next to the fields.

export interface ContactValues {
  name: string;
  email: string;
  company: string;
  message: string;
}

export type ContactField = keyof ContactValues;
export type ContactErrors = Partial<Record<ContactField, string>>;

export const CONTACT_LIMITS = {
  name: 120,
  email: 254,
  company: 120,
  messageMin: 10,
  messageMax: 5000,
} as const;

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

export function validateContactField(
  field: ContactField,
  values: ContactValues,
): string | undefined {
  const value = values[field].trim();
  switch (field) {
    case 'name':
      if (!value) return 'Please enter your name.';
      if (value.length > CONTACT_LIMITS.name)
        return `Please keep your name under ${CONTACT_LIMITS.name} characters.`;
      return undefined;
    case 'email':
      if (!value) return 'Please enter your e-mail address.';
      if (value.length > CONTACT_LIMITS.email || !EMAIL.test(value))
        return 'Please enter a valid e-mail address, like name@example.com.';
      return undefined;
    case 'company':
      if (value.length > CONTACT_LIMITS.company)
        return `Please keep the company name under ${CONTACT_LIMITS.company} characters.`;
      return undefined;
    case 'message':
      if (!value) return 'Please enter a message.';
      if (value.length < CONTACT_LIMITS.messageMin)
        return `Please write at least ${CONTACT_LIMITS.messageMin} characters so we can help.`;
      if (value.length > CONTACT_LIMITS.messageMax)
        return `Please keep your message under ${CONTACT_LIMITS.messageMax.toLocaleString('en-US')} characters.`;
      return undefined;
  }
}

export const CONTACT_FIELDS: readonly ContactField[] = ['name', 'email', 'company', 'message'];

export function validateContact(values: ContactValues): ContactErrors {
  const errors: ContactErrors = {};
  for (const field of CONTACT_FIELDS) {
    const error = validateContactField(field, values);
    if (error) errors[field] = error;
  }
  return errors;
}

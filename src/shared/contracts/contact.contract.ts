import { z } from 'zod';

export const contactInputSchema = z.strictObject({
  name: z.string().trim().min(1, 'Please tell us your name').max(120, 'Name is too long'),
  email: z
    .string()
    .trim()
    .min(1, 'Email is required')
    .max(254)
    .pipe(z.email({ error: 'Please enter a valid email address' })),
  company: z.string().trim().max(120, 'Company is too long').optional(),
  message: z
    .string()
    .trim()
    .min(10, 'Please write at least 10 characters')
    .max(5000, 'Message is too long'),
});
export type ContactInput = z.input<typeof contactInputSchema>;

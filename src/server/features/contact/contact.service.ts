import type { ContactInput } from '#shared/contracts/contact.contract.ts';
import type { AppDeps } from '#server/platform/deps.ts';
import { emailTemplates } from '#server/platform/email/templates.tsx';
import { enforceRateLimit } from '#server/platform/security/rate-limit.ts';
import * as repo from './contact.repository.ts';

const CONTACT_LIMIT = { name: 'contact:address', limit: 5, windowSeconds: 3600 };

/**
 * A visitor's message: limited per address, stored, then e-mailed to every administrator (or,
 * while there is none, to the installation's sender address).
 */
export async function sendContactMessage(
  deps: AppDeps,
  input: ContactInput,
  clientIp: string,
): Promise<void> {
  await enforceRateLimit(deps.database, CONTACT_LIMIT, clientIp);
  const db = deps.database.unsafeDb;
  await repo.unsafeSaveMessage(db, input, clientIp);
  const admins = await repo.unsafeAdministratorEmails(db);
  const recipients = admins.length > 0 ? admins : [deps.env.MAIL_FROM.replace(/^.*<|>$/g, '')];
  const email = emailTemplates.contactMessage({
    name: input.name,
    email: input.email,
    company: input.company || null,
    message: input.message,
  });
  for (const to of recipients) await deps.mailer.send(to, 'contactMessage', email);
}

// The API paths of the e-mail marketing add-on (`emailMarketingRoutes` of
// email-marketing.contract.ts), each written once as a plain string so the e-mail pages' chunk
// stays free of the contract's zod; paths.test.ts keeps them equal to the contract.

export const emailPaths = {
  emails: '/api/audience/emails',
  email: '/api/audience/emails/{id}',
  send: '/api/audience/emails/{id}/send',
  cancel: '/api/audience/emails/{id}/cancel',
  test: '/api/audience/emails/{id}/test',
  preview: '/api/audience/emails/preview',
  reach: '/api/audience/emails/reach',
  suppressions: '/api/audience/suppressions',
  suppression: '/api/audience/suppressions/{email}',
} as const;

type IdPathName = 'email' | 'send' | 'cancel' | 'test';

/** A campaign e-mail's path with its `{id}` filled in. */
export function emailPath(name: IdPathName, id: string): string {
  return emailPaths[name].replace('{id}', encodeURIComponent(id));
}

/** The path of one address on the suppression list. */
export function suppressionPath(email: string): string {
  return emailPaths.suppression.replace('{email}', encodeURIComponent(email));
}

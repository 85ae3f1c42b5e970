/**
 * An account as people know it: "@username" on Instagram, the Page's name on Facebook. The
 * server names accounts this way in its refusals, and the composer strips that name off again,
 * so both sides must say it the same way.
 */
export function accountLabel(account: {
  platform: string;
  username: string | null;
  name: string;
}): string {
  return account.platform === 'instagram' && account.username
    ? `@${account.username}`
    : account.name;
}

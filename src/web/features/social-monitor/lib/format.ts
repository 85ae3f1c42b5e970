import type { InboxAccount, InboxPerson, InboxPlatform } from '#shared/contracts/inbox.contract.ts';
import { isValidTimeZone } from '../../../lib/zoned-time.ts';
import { formatDateTime, formatShortDate, formatTime } from '../../../lib/date-format.ts';
import { useAuth } from '../../auth/index.ts';

// How the inbox reads: names, and times in the business time zone
// (docs/decisions/071).

const PLATFORM_NAMES = { instagram: 'Instagram', facebook: 'Facebook' } as const;

/**
 * The person's name, else their handle; a platform that gives neither (a message's sender is an
 * id until their profile is read) reads as "Instagram user ·1234", told apart by their id.
 */
export function personName(person: InboxPerson, platform?: InboxPlatform): string {
  const name = person.name?.trim();
  if (name) return name;
  if (person.handle) return `@${person.handle.replace(/^@/, '')}`;
  if (platform && person.id) return `${PLATFORM_NAMES[platform]} user ·${person.id.slice(-4)}`;
  return platform ? `${PLATFORM_NAMES[platform]} user` : 'Someone';
}

/** An account as people know it: an Instagram account by its @username, a Page by its name. */
export function accountLabel(account: InboxAccount): string {
  return account.platform === 'instagram' && account.username
    ? `@${account.username}`
    : account.name;
}

export function useBusinessTimeZone(): string {
  const zone = useAuth().businessProfile?.time_zone;
  return isValidTimeZone(zone) ? zone : 'UTC';
}

/** "14:30" today, "Sun 29 Mar, 14:30" otherwise. */
export function formatWhen(iso: string, timeZone: string, now: number = Date.now()): string {
  const at = new Date(iso);
  const sameDay =
    Math.abs(now - at.getTime()) < 86_400_000 &&
    formatShortDate(at, timeZone) === formatShortDate(new Date(now), timeZone);
  return sameDay ? formatTime(at, timeZone) : formatDateTime(at, timeZone);
}

/** "now", "5 min", "3 h", "2 d": the list's short age. */
export function formatAge(iso: string, now: number = Date.now()): string {
  const minutes = Math.floor((now - Date.parse(iso)) / 60_000);
  if (minutes < 1) return 'now';
  if (minutes < 60) return `${minutes} min`;
  const hours = Math.floor(minutes / 60);
  if (hours < 24) return `${hours} h`;
  return `${Math.floor(hours / 24)} d`;
}

/** A connected account in a list of them: "Instagram · @rosabakery", "Facebook · Rosa Bakery". */
export function connectionLabel(connection: {
  platform: string;
  name: string;
  username: string | null;
}): string {
  return connection.platform === 'instagram'
    ? `Instagram · ${connection.username ? `@${connection.username}` : connection.name}`
    : `Facebook · ${connection.name}`;
}

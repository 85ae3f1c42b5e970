import { sql } from 'drizzle-orm';
import { rowsOf, type Database } from '../db/client.ts';
import { AppError } from '#shared/errors/index.ts';

// Fixed-window counters in the database, so every process of an installation shares them.

export interface RateLimitRule {
  /** e.g. 'sign-in:account' */
  name: string;
  limit: number;
  windowSeconds: number;
}

export interface RateLimitResult {
  allowed: boolean;
  remaining: number;
  retryAfterSeconds: number;
}

function windowOf(rule: RateLimitRule, now: Date) {
  const windowMs = rule.windowSeconds * 1000;
  const windowStart = new Date(Math.floor(now.getTime() / windowMs) * windowMs);
  const retryAfterSeconds = Math.max(
    1,
    Math.ceil((windowStart.getTime() + windowMs - now.getTime()) / 1000),
  );
  return { windowStart, retryAfterSeconds };
}

function exceeded(rule: RateLimitRule, subject: string, retryAfterSeconds: number): AppError {
  return AppError.from('RATE_LIMIT_EXCEEDED', {
    technicalMessage: `Rate limit ${rule.name} exceeded for ${subject}`,
    details: { retryAfterSeconds },
  });
}

export async function hitRateLimit(
  database: Database,
  rule: RateLimitRule,
  subject: string,
  now = new Date(),
): Promise<RateLimitResult> {
  const { windowStart, retryAfterSeconds } = windowOf(rule, now);
  const key = `${rule.name}:${subject}`;
  const result = await database.unsafeDb.execute(sql`
    insert into system.rate_limits (key, window_start, hits) values (${key}, ${windowStart.toISOString()}, 1)
    on conflict (key, window_start) do update set hits = system.rate_limits.hits + 1
    returning hits`);
  const hits = Number(rowsOf<{ hits: number }>(result)[0]?.hits ?? 1);
  return {
    allowed: hits <= rule.limit,
    remaining: Math.max(0, rule.limit - hits),
    retryAfterSeconds,
  };
}

/**
 * Refuses when the window is already used up, without counting this request: for rules that
 * count only failures, which the caller records with hitRateLimit afterwards.
 */
export async function refuseWhenExhausted(
  database: Database,
  rule: RateLimitRule,
  subject: string,
  now = new Date(),
): Promise<void> {
  const { windowStart, retryAfterSeconds } = windowOf(rule, now);
  const result = await database.unsafeDb.execute(sql`
    select hits from system.rate_limits
    where key = ${`${rule.name}:${subject}`} and window_start = ${windowStart.toISOString()}`);
  const hits = Number(rowsOf<{ hits: number }>(result)[0]?.hits ?? 0);
  if (hits >= rule.limit) throw exceeded(rule, subject, retryAfterSeconds);
}

export async function enforceRateLimit(
  database: Database,
  rule: RateLimitRule,
  subject: string,
): Promise<void> {
  const result = await hitRateLimit(database, rule, subject);
  if (!result.allowed) throw exceeded(rule, subject, result.retryAfterSeconds);
}

export async function resetRateLimit(
  database: Database,
  rule: RateLimitRule,
  subject: string,
): Promise<void> {
  await database.unsafeDb.execute(
    sql`delete from system.rate_limits where key = ${`${rule.name}:${subject}`}`,
  );
}

/** Old windows are useless; the cleanup job calls this. */
export async function pruneRateLimits(database: Database, olderThan: Date): Promise<void> {
  await database.unsafeDb.execute(
    sql`delete from system.rate_limits where window_start < ${olderThan.toISOString()}`,
  );
}

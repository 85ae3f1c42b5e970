import { z } from 'zod';
import { PLAN_IDS, SUBSCRIPTION_STATUSES } from '../plans.ts';
import { DEFAULT_USER_PAGE_SIZE } from './account.contract.ts';

// Administration: first-administrator setup, the user directory, and system health.

export const adminSetupStatusSchema = z.object({ needed: z.boolean() });

export const adminSetupInputSchema = z.strictObject({
  token: z.string().trim().min(1, 'Enter the setup token').max(200, 'That is not a setup token'),
});

/** One row of the administrators' user list: profile, account, plan, status and roles. */
export const adminAccountSchema = z.object({
  id: z.uuid(),
  email: z.string().nullable(),
  full_name: z.string().nullable(),
  business_name: z.string().nullable(),
  /** docs/product/services.md#profiles: profiles.settings.status. */
  status: z.enum(['active', 'inactive']),
  plan: z.enum(PLAN_IDS).nullable(),
  subscription_status: z.enum(SUBSCRIPTION_STATUSES).nullable(),
  trial_ends_at: z.string().nullable(),
  roles: z.array(z.string()),
  created_at: z.string(),
});
export type AdminAccount = z.infer<typeof adminAccountSchema>;

export const adminAccountPageSchema = z.object({
  items: z.array(adminAccountSchema),
  total: z.number().int(),
  limit: z.number().int(),
  offset: z.number().int(),
});
export type AdminAccountPage = z.infer<typeof adminAccountPageSchema>;

export const adminAccountsQuerySchema = z.strictObject({
  search: z.string().trim().max(200, 'Search is too long').optional(),
  limit: z.coerce.number().int().min(1).max(200).default(DEFAULT_USER_PAGE_SIZE),
  offset: z.coerce.number().int().min(0).default(0),
});
export type AdminAccountsQuery = z.input<typeof adminAccountsQuerySchema>;

const callSchema = z.object({
  at: z.number(),
  method: z.string(),
  route: z.string(),
  status: z.number(),
  durationMs: z.number(),
});

const alertSchema = z.object({
  at: z.number(),
  kind: z.enum(['error_rate', 'response_time', 'memory']),
  message: z.string(),
  value: z.number(),
  threshold: z.number(),
});

export const systemHealthSchema = z.object({
  monitor: z.object({
    window: z.object({
      calls: z.number(),
      errors: z.number(),
      errorRate: z.number(),
      averageMs: z.number(),
      p95Ms: z.number(),
    }),
    memory: z.object({
      heapUsedBytes: z.number(),
      heapLimitBytes: z.number(),
      rssBytes: z.number(),
      percent: z.number(),
    }),
    thresholds: z.object({
      maxCalls: z.number(),
      maxAlerts: z.number(),
      errorRate: z.number(),
      responseTimeMs: z.number(),
      memoryPercent: z.number(),
      windowMs: z.number(),
      minCalls: z.number(),
      suppressMs: z.number(),
    }),
    recentCalls: z.array(callSchema),
    alerts: z.array(alertSchema),
    totalCalls: z.number(),
    startedAt: z.string(),
  }),
  queues: z.array(
    z.object({
      name: z.string(),
      queued: z.number(),
      active: z.number(),
      retrying: z.number(),
      failed: z.number(),
      completed: z.number(),
    }),
  ),
  failedJobs: z.array(
    z.object({
      id: z.string(),
      name: z.string(),
      failedAt: z.string().nullable(),
      retries: z.number(),
      error: z.string().nullable(),
    }),
  ),
  database: z.string(),
});
export type SystemHealth = z.infer<typeof systemHealthSchema>;

export const adminApiRoutes = {
  setup: '/api/admin/setup',
  accounts: '/api/admin/accounts',
  system: '/api/admin/system',
} as const;

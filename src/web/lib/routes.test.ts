import { describe, expect, it } from 'vitest';
import { accountRoutes } from '#shared/contracts/account.contract.ts';
import { authRoutes } from '#shared/contracts/auth.contract.ts';
import { accountSecurityRoutes } from '#shared/contracts/account-security.contract.ts';
import { adminRoutes } from '#shared/contracts/account.contract.ts';
import { adminApiRoutes } from '#shared/contracts/admin.contract.ts';
import { aiContentRoutes } from '#shared/contracts/ai-content.contract.ts';
import { calendarFeedRoutes, calendarRoutes } from '#shared/contracts/calendar.contract.ts';
import { mediaRoutes } from '#shared/contracts/media.contract.ts';
import { platformRoutes } from '#shared/contracts/platforms.contract.ts';
import { planningRoutes } from '#shared/contracts/planning.contract.ts';
import { postsRoutes } from '#shared/contracts/posts.contract.ts';
import { publishingRoutes } from '#shared/contracts/publishing.contract.ts';
import { queueRoutes } from '#shared/contracts/queue.contract.ts';
import { staffRoutes } from '#shared/contracts/staff.contract.ts';
import { INBOX_API } from '#shared/contracts/inbox.contract.ts';
import { apiRoutes } from './api-paths.ts';

// routes.ts copies the contracts' paths so the root bundle stays free of zod; this keeps them equal.
describe('apiRoutes', () => {
  it('matches the shared contracts', () => {
    for (const [name, path] of Object.entries(apiRoutes.auth)) {
      expect(path).toBe(authRoutes[name as keyof typeof authRoutes]);
    }
    expect(apiRoutes.account).toEqual(accountRoutes);
    expect(apiRoutes.calendar.upcoming).toBe(calendarRoutes.upcoming);
  });

  it('copies every other path the web app calls from its contract', () => {
    const id = '00000000-0000-4000-8000-000000000001';
    const same = (copy: Record<string, unknown>, contract: Record<string, unknown>) => {
      for (const [name, path] of Object.entries(copy)) {
        const original = contract[name];
        if (typeof path === 'function') {
          expect((path as (a: string, b: number) => string)(id, 2)).toBe(
            (original as (a: string, b: number) => string)(id, 2),
          );
        } else expect(path).toBe(original);
      }
    };
    const { feed, ...calendar } = apiRoutes.calendar;
    same(calendar, calendarRoutes);
    expect(feed).toBe(calendarFeedRoutes.feed);
    same(apiRoutes.planning, planningRoutes);
    same(apiRoutes.posts, postsRoutes);
    same(apiRoutes.queue, queueRoutes);
    same(apiRoutes.publishing, publishingRoutes);
    same(apiRoutes.staff, staffRoutes);
    same(apiRoutes.media, mediaRoutes);
    same(apiRoutes.platforms, platformRoutes);
    same(apiRoutes.aiContent, aiContentRoutes);
    same(apiRoutes.accountSecurity, accountSecurityRoutes);
    const { setup, accounts, system, ...users } = apiRoutes.admin;
    same({ setup, accounts, system }, adminApiRoutes);
    expect(users.userStatus(id)).toBe(adminRoutes.userStatus(id));
    expect(users.userRoles(id)).toBe(adminRoutes.userRoles(id));
    expect(users.userSubscription(id)).toBe(adminRoutes.userSubscription(id));
    // The inbox contract lists its routes under one prefix (inbox.contract.ts).
    for (const path of Object.values(apiRoutes.inbox)) {
      const written = typeof path === 'function' ? path(id) : path;
      expect(written.startsWith(`${INBOX_API}/`)).toBe(true);
    }
  });
});

import type { Context } from 'hono';
import type { Actor } from '#shared/permissions.ts';
import type { AppDeps } from '../deps.ts';

export interface SessionInfo {
  sessionId: string;
  userId: string;
  email: string;
  emailConfirmedAt: Date | null;
  provider: 'email' | 'facebook';
  expiresAt: Date;
}

/** Values every handler can read from the Hono context. */
export interface AppEnv {
  Variables: {
    deps: AppDeps;
    requestId: string;
    startedAt: number;
    clientIp: string;
    session: SessionInfo | null;
    actor: Actor | null;
  };
}

export type AppContext = Context<AppEnv>;

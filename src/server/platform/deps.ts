import type { Env } from './env.ts';
import type { Database } from './db/client.ts';
import type { Logger } from './logger.ts';
import type { ServiceCache } from './cache.ts';
import type { JobQueue } from './jobs/queue.ts';
import type { Mailer } from './email/mailer.ts';
import type { InvalidationBus } from './bus.ts';
import type { SecretBox } from './security/secrets.ts';

/** Everything a request or job needs from the platform, built once per process. */
export interface AppDeps {
  env: Env;
  database: Database;
  logger: Logger;
  cache: ServiceCache;
  jobs: JobQueue;
  mailer: Mailer;
  bus: InvalidationBus;
  /** Encrypts secrets stored in the database (AES-256-GCM, rotating keys). */
  secrets: SecretBox;
}

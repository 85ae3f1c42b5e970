import type { Env } from '../env.ts';

/**
 * The origins the API takes form posts from (the CSRF check in app.ts): APP_URL's, never one made
 * from the request's Host header, which the client chooses. Outside production the loopback
 * spellings of the port count too, for a browser on the development machine that uses another
 * name for it (docs/decisions/026).
 */
export function ownOrigins(env: Pick<Env, 'appUrl' | 'NODE_ENV' | 'PORT'>): ReadonlySet<string> {
  const origins = new Set([new URL(env.appUrl).origin]);
  if (env.NODE_ENV !== 'production') {
    for (const host of ['localhost', '127.0.0.1', '[::1]']) {
      origins.add(`http://${host}:${env.PORT}`);
    }
  }
  return origins;
}

import { createHmac, randomBytes } from 'node:crypto';
import { readOrCreateLocalSecret } from '#server/platform/security/local-secret.ts';

// The secrets of the simulated Meta app in demo mode (docs/decisions/057). Whoever knows an app
// secret can sign deauthorize, data-deletion and webhook requests the app believes, so they are
// never constants of the source: one random value per installation, made once and kept in
// DATA_DIR/meta-demo.key (mode 0600, like the encryption key's secret.key), from which each
// secret is derived.

export const DEMO_SECRETS_FILE = 'meta-demo.key';

export interface DemoSecrets {
  appSecret: string;
  igAppSecret: string;
  webhookVerifyToken: string;
}

/** The three secrets derived from one installation secret (32 hex characters, like Meta's). */
export function deriveDemoSecrets(root: string): DemoSecrets {
  const derive = (purpose: string) =>
    createHmac('sha256', root).update(`meta-demo:${purpose}`).digest('hex').slice(0, 32);
  return {
    appSecret: derive('facebook-app-secret'),
    igAppSecret: derive('instagram-app-secret'),
    webhookVerifyToken: derive('webhook-verify-token'),
  };
}

export function loadDemoSecrets(options: {
  dataDir: string;
  /** Tests: fresh secrets held in memory only. */
  ephemeral?: boolean;
}): DemoSecrets {
  const root = options.ephemeral
    ? randomBytes(32).toString('base64url')
    : readOrCreateLocalSecret(options.dataDir, DEMO_SECRETS_FILE);
  return deriveDemoSecrets(root);
}

import { afterAll, beforeAll, beforeEach, expect } from 'vitest';
import { openContractTarget, type ContractTarget } from '#simulators/meta-graph/contract-target.ts';
import { SEED } from '#simulators/meta-graph/state.ts';
import { createMetaClient, FACEBOOK_SCOPES, INSTAGRAM_SCOPES, type MetaClient } from './client.ts';
import { MetaApiError } from './errors.ts';

// The inbox contract tests' shared setup: the simulator over real HTTP, a fresh client and a
// reset simulator for every test, and the tokens the inbox calls need.

export function inboxContract() {
  let target: ContractTarget;
  let client: MetaClient;
  beforeAll(async () => {
    target = await openContractTarget();
  });
  afterAll(async () => {
    await target.close();
  });
  beforeEach(async () => {
    client = createMetaClient(target.config, { sleep: async () => {}, random: () => 0.5 });
    await target.control!.call('/reset', {});
  });

  const sim = () => target.control!.simulator;
  return {
    get target() {
      return target;
    },
    get client() {
      return client;
    },
    sim,
    followers: () => sim().inbox.followers,
    /** The client's refusal of `promise`. */
    async failure(promise: Promise<unknown>): Promise<MetaApiError> {
      const error = await promise.then(
        () => undefined,
        (e: unknown) => e,
      );
      expect(error).toBeInstanceOf(MetaApiError);
      return error as MetaApiError;
    },
    /** A Page token of the seeded Page, through Facebook Login. */
    async pageToken() {
      const code = await target.control!.authorize('facebook', target.redirectUri, FACEBOOK_SCOPES);
      const short = await client.facebook.exchangeCode({ code, redirectUri: target.redirectUri });
      const long = await client.facebook.exchangeLongLived(short.access_token);
      const pages = await client.facebook.listPages(long.access_token);
      return pages.find((p) => p.id === SEED.pageId)!.access_token!;
    },
    /** A long-lived Instagram Login token of the seeded professional account. */
    async igLoginToken() {
      const code = await target.control!.authorize(
        'instagram',
        target.redirectUri,
        INSTAGRAM_SCOPES,
      );
      const short = await client.instagram.exchangeCode({
        code: `${code}#_`,
        redirectUri: target.redirectUri,
      });
      return (await client.instagram.exchangeLongLived(short.accessToken)).access_token;
    },
  };
}

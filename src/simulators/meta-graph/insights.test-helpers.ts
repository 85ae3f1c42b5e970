import { SIM_HOSTS } from './context.ts';
import { createMetaGraphSimulator } from './simulator.ts';
import { SEED, tokenValue, type SimConfig, type TokenKind } from './state.ts';

// The insights tests' shared setup (docs/product/meta-platform.md#insights): a simulator at a
// fixed simulated time, tokens with the insights permissions, and a caller of its Graph hosts.

export const SUMMER = Date.parse('2026-07-15T18:00:00Z');
export const WINTER = Date.parse('2026-01-15T18:00:00Z');
export const DAY = 86_400_000;
export const ACCOUNT_ENUM =
  'reach, follower_count, online_followers, accounts_engaged, total_interactions, likes, comments, shares, saves, replies, follows_and_unfollows, profile_links_taps, views, follower_demographics, engaged_audience_demographics';

const SCOPES = [
  'instagram_basic',
  'instagram_manage_insights',
  'instagram_business_basic',
  'instagram_business_manage_insights',
  'read_insights',
  'pages_read_engagement',
];

export function setup(now = SUMMER, config: Partial<SimConfig> = {}) {
  const sim = createMetaGraphSimulator({ config });
  const setNow = (ms: number) => {
    sim.state.clockOffsetMs = ms - Date.now();
  };
  setNow(now);
  const token = (kind: TokenKind, subjectId: string) => {
    const value = tokenValue(kind);
    sim.state.tokens.set(value, {
      value,
      kind,
      personId: SEED.personId,
      subjectId,
      scopes: SCOPES,
      declined: [],
      issuedAt: 0,
      expiresAt: 0,
      dataAccessExpiresAt: 0,
      longLived: true,
      invalidSubcode: null,
    });
    return value;
  };
  const pageToken = token('PAGE', SEED.pageId);
  const get = async (
    path: string,
    params: Record<string, string | number | undefined>,
    host = 'graph',
  ) => {
    const query = new URLSearchParams(
      Object.fromEntries(
        Object.entries({ access_token: pageToken, ...params })
          .filter(([, v]) => v !== undefined)
          .map(([k, v]) => [k, String(v)]),
      ),
    );
    const prefix = host === 'graph' ? SIM_HOSTS.graph : SIM_HOSTS.instagramGraph;
    const res = await sim.app.request(`${prefix}/v25.0${path}?${query}`);
    return { status: res.status, body: (await res.json()) as Answer, headers: res.headers };
  };
  return { sim, setNow, token, pageToken, get };
}

/** A Graph answer as these tests read it: a list of entries or nodes, a node, or an error. */
/** At least the first three items are there (a failed expectation says otherwise). */
type List<T> = [T, T, T, ...T[]];
interface Result {
  dimension_values: string[];
  value: number;
}
interface Item {
  id: string;
  name: string;
  period: string;
  timestamp: string;
  media_product_type: string;
  status_type: string;
  values: List<{ value: number & Record<string, number>; end_time: string }>;
  total_value: {
    value: number;
    breakdowns: List<{ dimension_keys: string[]; results: List<Result> }>;
  };
}
export interface Answer extends Partial<Item> {
  data: List<Item>;
  paging: { previous: string; next?: string; cursors: { after: string } };
  error: { message: string; code: number; fbtrace_id: string };
  caption?: string;
  media_url: string;
  media_count: number;
}

export const sec = (ms: number) => Math.floor(ms / 1000);

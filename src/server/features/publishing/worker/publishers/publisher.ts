import type { MetaClient } from '#server/integrations/meta/client.ts';
import type * as platformsRepo from '../../../platforms/platforms.repository.ts';
import type * as repo from '../../publishing.repository.ts';
import type { Outcome } from '../outcome.ts';
import { facebookPublisher } from './facebook.ts';
import { instagramPublisher } from './instagram.ts';

// One publisher per platform, behind one interface: the publish step and reconcile pick it by
// the account's platform and know nothing of the Graph API flows (docs/decisions/080).

export interface Publisher {
  /** Runs the platform's flow for the delivery; the commit call goes through `commit`. */
  publish(job: PublishJob): Promise<Outcome>;
  /** For reconcile: what the account shows of a delivery whose outcome is unknown. */
  find(job: FindJob): Promise<Lookup>;
  /** Adds the first comment under a published post. */
  comment(account: Account, objectId: string, message: string): Promise<void>;
}

export function publisherFor(connection: Pick<platformsRepo.ConnectionRow, 'platform'>): Publisher {
  return connection.platform === 'facebook' ? facebookPublisher : instagramPublisher;
}

/** The account a delivery goes to, and what it takes to call its platform. */
export interface Account {
  client: MetaClient;
  connection: platformsRepo.ConnectionRow;
  token: string;
}

export interface MediaUrl {
  kind: 'image' | 'video';
  url: string;
}

/** A post found on the account that may be the delivery's. */
export interface FoundPost {
  id: string;
  permalink: string | null;
}

export interface PublishJob extends Account {
  caption: string;
  format: repo.PostRow['format'];
  media: MediaUrl[];
  /** The Instagram container of this attempt, when one was made. */
  containerId: string | null;
  attemptStartedAt: Date;
  /** The step's clock; a publisher that needs the time reads it once, as it starts. */
  now: () => Date;
  accountName: string;
  /** Throws when the commit call must not go out (the claim ends too soon). */
  beforeCommit: () => void;
  /** Remembers a container made for the attempt. */
  onContainer: (containerId: string) => Promise<void>;
  /** The first of `candidates` that no other delivery to the account has on record. */
  firstFree: (candidates: FoundPost[]) => Promise<FoundPost | null>;
}

export interface FindJob extends Account {
  caption: string;
  /** For a story: the kind of its one file (null when it is no longer in the library). */
  story: { kind: 'image' | 'video' | null } | null;
  containerId: string | null;
  /** When the attempt began: posts made before it (less the clock slack) are not candidates. */
  since: Date;
  firstFree: (candidates: FoundPost[]) => Promise<FoundPost | null>;
}

export interface Lookup {
  /** The delivery's post on the account; an id of null when it is out but was not told apart. */
  found: { id: string | null; permalink: string | null } | null;
  /** When not found: the container on record may be published again (it is single-use). */
  keepContainer: boolean;
}

// What the simulator remembers of comments, followers, conversations and messages
// (docs/product/meta-platform.md#simulator-state, docs/decisions/091), part of its state
// (state.ts).

/** Someone who comments or writes to an account: their IGSID (Instagram) or PSID (Messenger). */
export interface SimFollower {
  id: string;
  username: string;
  name: string;
}

/**
 * A comment on a medium or post (docs/product/meta-platform.md#comments): the account's own
 * (`from` null: the Page or Instagram account) or a follower's.
 */
export interface SimComment {
  id: string;
  /** The medium or post it is on. */
  objectId: string;
  platform: 'instagram' | 'facebook';
  /** The Instagram account or Page that owns the medium or post. */
  ownerId: string;
  /** null: written by the owner. */
  from: SimFollower | null;
  /** The top-level comment of a reply. */
  parentId: string | null;
  message: string;
  createdAt: number;
  editedAt: number | null;
  deletedAt: number | null;
  hidden: boolean;
  /** Liked by the Page (Facebook). */
  liked: boolean;
  likeCount: number;
  /** When the account sent its one private reply (docs/product/meta-platform.md#private-replies). */
  privateReplyAt: number | null;
}

/**
 * A conversation of an account with one person (docs/product/meta-platform.md#conversations):
 * Messenger under the Page, Instagram under the Instagram account.
 */
export interface SimConversation {
  id: string;
  platform: 'instagram' | 'messenger';
  accountId: string;
  person: SimFollower;
  updatedAt: number;
  /** The person's last message: the 24-hour window runs from it
   *  (docs/product/meta-platform.md#messaging-window). */
  lastInboundAt: number | null;
}

export interface SimMessage {
  /** The mid. */
  id: string;
  conversationId: string;
  fromId: string;
  toId: string;
  text: string;
  attachments: { type: string; url: string }[];
  createdAt: number;
  /** Sent by the account (through the API, or the phone app: then no app id). */
  isEcho: boolean;
  appId: string | null;
  metadata: string | null;
  /** Unsent by the person (Instagram `is_deleted`). */
  deletedAt: number | null;
}

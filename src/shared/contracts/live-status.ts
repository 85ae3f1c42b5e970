// The live status stream (GET /api/publishing/live): its limits and the names of its events.
// Plain constants, without zod, so the dashboard's first load does not carry the schemas; the
// message's schema is liveStatusMessageSchema in publishing.contract.ts (docs/decisions/081).

/** The live status stream's limits (docs/decisions/081). */
export const LIVE_STATUS = {
  /** Streams one person may hold open at once (per server process); more answer 429. */
  maxStreamsPerUser: 5,
  /**
   * A comment line keeps every proxy on the way from closing a quiet stream
   * (docs/product/constants.md#realtime).
   */
  heartbeatMs: 25_000,
  /**
   * docs/product/constants.md#realtime: the browser waits this long for the stream to open, then
   * counts a failure.
   */
  connectTimeoutMs: 10_000,
  /**
   * docs/product/constants.md#realtime: waits before reconnecting after the 1st, 2nd, 3rd and
   * later failures.
   */
  reconnectDelaysMs: [1_000, 2_000, 5_000, 10_000],
} as const;

/** Named server-sent events of GET /api/publishing/live. */
export const LIVE_EVENTS = {
  /** data: a LiveStatusMessage. */
  status: 'status',
  /** The server is shutting down: reconnect (another process answers). */
  closing: 'closing',
  /** The person may no longer read this business's calendar (signed out, removed, role). */
  ended: 'ended',
  /**
   * This process could not hear other processes for a while (its bus connection dropped and is
   * back): messages may have been missed, so read everything again.
   */
  resync: 'resync',
  /** data: an InboxLiveMessage (inbox.contract.ts): a thread of the social monitor changed. */
  inbox: 'inbox',
} as const;

import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';

// An SMTP server on loopback for the sending tests and the bench: it keeps every message it
// accepted (the envelope's recipient, the headers, the body, when), and can refuse a recipient
// with a given reply code or hold a message without ever answering it.

export interface AcceptedMessage {
  to: string;
  headers: Map<string, string>;
  raw: string;
  /** When the client began its transaction (MAIL FROM, ms). */
  at: number;
}

export interface LocalSmtp {
  url: string;
  accepted: AcceptedMessage[];
  /** Reply codes for recipients (450: try later; 550: no such user). */
  refuse: Map<string, number>;
  /** The message number (1-based, counted as messages arrive) never answered. */
  stallAt: number | null;
  /** Messages that reached the server, answered or not. */
  arrived: number;
  /** Keeps only the count of accepted messages (the bench). */
  countOnly: boolean;
  acceptedCount: number;
  close(): Promise<void>;
}

function headersOf(raw: string): Map<string, string> {
  const head = raw.split(/\r?\n\r?\n/, 1)[0] ?? '';
  const headers = new Map<string, string>();
  for (const line of head.replace(/\r?\n[ \t]+/g, ' ').split(/\r?\n/)) {
    const colon = line.indexOf(':');
    if (colon > 0) headers.set(line.slice(0, colon).toLowerCase(), line.slice(colon + 1).trim());
  }
  return headers;
}

/** Undoes quoted-printable soft breaks and escapes, enough to read links in a body. */
export function decodeBody(raw: string): string {
  return raw
    .replace(/=\r?\n/g, '')
    .replace(/=([0-9A-F]{2})/g, (_, hex: string) => String.fromCharCode(parseInt(hex, 16)));
}

export async function startLocalSmtp(): Promise<LocalSmtp> {
  const started = new Map<string, number>();
  const state: LocalSmtp = {
    url: '',
    accepted: [],
    refuse: new Map(),
    stallAt: null,
    arrived: 0,
    countOnly: false,
    acceptedCount: 0,
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
      }),
  };
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS', 'AUTH'],
    logger: false,
    disableReverseLookup: true,
    // A connection left waiting (a stalled message) is cut soon after the server closes.
    closeTimeout: 200,
    size: 10 * 1024 * 1024,
    onMailFrom(_address, session, callback) {
      started.set(session.id, Date.now());
      callback();
    },
    onRcptTo(address, _session, callback) {
      const code = state.refuse.get(address.address.toLowerCase());
      if (!code) return callback();
      const error = new Error(code >= 500 ? 'No such user here' : 'Mailbox busy, try later');
      (error as Error & { responseCode: number }).responseCode = code;
      return callback(error);
    },
    onData(stream, session, callback) {
      state.arrived += 1;
      const stalled = state.stallAt === state.arrived;
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => {
        if (!state.countOnly) chunks.push(chunk);
      });
      stream.on('end', () => {
        if (stalled) {
          // Never answered: the client waits until it gives up or is stopped.
          return;
        }
        state.acceptedCount += 1;
        if (!state.countOnly) {
          const raw = Buffer.concat(chunks).toString('utf8');
          state.accepted.push({
            to: session.envelope.rcptTo[0]?.address.toLowerCase() ?? '',
            headers: headersOf(raw),
            raw,
            at: started.get(session.id) ?? Date.now(),
          });
        }
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  state.url = `smtp://127.0.0.1:${(server.server.address() as AddressInfo).port}`;
  return state;
}

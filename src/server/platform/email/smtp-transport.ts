import net from 'node:net';
import type { Transporter } from 'nodemailer';

// The SMTP transport of SMTP_URL, shared by the outbox's mailer (a connection per message, as
// messages come) and the e-mail marketing sender (one kept-open connection for a whole campaign,
// docs/decisions/100). nodemailer is loaded by the first message to deliver, never at start
// (docs/decisions/019).

export interface SmtpTransportOptions {
  /** Keep one connection open and send every message through it (a campaign's sending). */
  pooled?: boolean;
  /** Give up on a silent server after this long, so a stalled message never holds a claim forever. */
  socketTimeoutMs?: number;
}

export function createSmtpTransport(
  url: string,
  options: SmtpTransportOptions = {},
): Promise<Transporter> {
  return import('nodemailer').then(({ default: nodemailer }) => {
    if (!options.pooled && options.socketTimeoutMs === undefined) {
      return nodemailer.createTransport(url);
    }
    // nodemailer reads nothing but the URL from options that carry one: the URL's settings are
    // read by a transport made for that alone (it connects to nothing), then extended.
    const fromUrl = (nodemailer.createTransport(url) as unknown as { options: object }).options;
    const timeout = options.socketTimeoutMs;
    return nodemailer.createTransport({
      ...fromUrl,
      // A pooled connection that closes in the middle of a message would otherwise send the
      // message again by itself, unseen by the caller, who alone knows whether that is safe.
      ...(options.pooled
        ? { pool: true, maxConnections: 1, maxMessages: Infinity, maxRequeues: 0 }
        : {}),
      ...(timeout !== undefined
        ? { socketTimeout: timeout, greetingTimeout: timeout, connectionTimeout: timeout }
        : {}),
      // Without Nagle's algorithm: a message's last line otherwise waits for the server's
      // delayed acknowledgement of the one before, some 40 ms a message. (A TLS connection from
      // the start, smtps:, keeps nodemailer's own socket.)
      ...(!(fromUrl as { secure?: boolean }).secure
        ? { getSocket: noDelaySocket(timeout ?? 120_000) }
        : {}),
    } as Parameters<typeof nodemailer.createTransport>[0]);
  });
}

type SocketCallback = (error: Error | null, socket?: { connection: net.Socket }) => void;

/** Connects as nodemailer would, with Nagle's algorithm off, and hands nodemailer the socket. */
function noDelaySocket(timeoutMs: number) {
  return (options: { host?: string; port?: number }, callback: SocketCallback) => {
    const socket = net.connect({ host: options.host ?? 'localhost', port: options.port ?? 25 });
    socket.setNoDelay(true);
    const timer = setTimeout(() => {
      socket.destroy();
      done(new Error('Connection timeout'));
    }, timeoutMs);
    let answered = false;
    const done = (error: Error | null) => {
      if (answered) return;
      answered = true;
      clearTimeout(timer);
      socket.off('error', done);
      if (error) callback(error);
      else callback(null, { connection: socket });
    };
    socket.once('connect', () => done(null));
    socket.once('error', done);
  };
}

import { once } from 'node:events';
import { SMTPServer } from 'smtp-server';

export interface ReceivedMail {
  from: string;
  to: string[];
  /** Header names in lower case, folded lines joined. */
  headers: Record<string, string>;
  raw: string;
}

export interface FakeSmtpServer {
  /** The value for SMTP_URL. */
  url: string;
  /** Messages the server accepted (answered 250 to), in order. */
  messages: ReceivedMail[];
  /**
   * Holds the answer to the next message until the client goes away: that message is then
   * not accepted, exactly as an SMTP server treats a client that dies before the 250.
   * Resolves when the message is being held.
   */
  holdNext(): Promise<void>;
  /** Connection errors the server had (a client's reset, say): kept, never thrown, so a test survives them. */
  connectionErrors: Error[];
  /** Recipients refused for good (550), as a server does for an address that does not exist. */
  rejected: Set<string>;
  close(): Promise<void>;
}

function parseHeaders(raw: string): Record<string, string> {
  const head = raw.split(/\r?\n\r?\n/, 1)[0] ?? '';
  const headers: Record<string, string> = {};
  for (const line of head.replace(/\r?\n[ \t]+/g, ' ').split(/\r?\n/)) {
    const colon = line.indexOf(':');
    if (colon > 0) headers[line.slice(0, colon).trim().toLowerCase()] = line.slice(colon + 1).trim();
  }
  return headers;
}

/**
 * A real SMTP server (the smtp-server package) on a free loopback port, recording what it accepts.
 * It survives clients that vanish: smtp-server re-emits a connection's socket error in a mail
 * transaction (ECONNRESET from a client killed mid-message, as the kill -9 tests do) as an
 * 'error' event on the server, which without a listener would end the test process.
 */
export async function startFakeSmtpServer(): Promise<FakeSmtpServer> {
  const messages: ReceivedMail[] = [];
  let hold: (() => void) | null = null;
  const rejected = new Set<string>();
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS', 'AUTH'],
    logger: false,
    onRcptTo(address, _session, callback) {
      if (!rejected.has(address.address)) return callback();
      callback(Object.assign(new Error('No such user here'), { responseCode: 550 }));
    },
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('error', () => undefined);
      stream.on('end', () => {
        const raw = Buffer.concat(chunks).toString('utf8');
        const mail = {
          from: session.envelope.mailFrom ? session.envelope.mailFrom.address : '',
          to: session.envelope.rcptTo.map((r) => r.address),
          headers: parseHeaders(raw),
          raw,
        };
        if (hold) {
          const held = hold;
          hold = null;
          held();
          // Never answered: the client is killed while it waits for the 250.
          return;
        }
        messages.push(mail);
        callback();
      });
    },
  });
  const connectionErrors: Error[] = [];
  server.on('error', (error: Error) => connectionErrors.push(error));
  server.listen(0, '127.0.0.1');
  await once(server.server, 'listening');
  const { port } = server.server.address() as { port: number };
  return {
    url: `smtp://127.0.0.1:${port}`,
    messages,
    connectionErrors,
    rejected,
    holdNext: () => new Promise<void>((resolve) => (hold = resolve)),
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

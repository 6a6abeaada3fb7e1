// The bench's mail server: accepts every message and counts it by recipient. Unlike the tests' fake
// SMTP server it keeps no message text (a campaign sends thousands) and it survives clients that
// vanish: smtp-server re-emits every connection's socket error (ECONNRESET when the app closes a
// pooled connection abruptly) as an 'error' event, which without a listener ends the process.
import { once } from 'node:events';
import { SMTPServer } from 'smtp-server';

export interface SmtpSink {
  /** The value for SMTP_URL. */
  url: string;
  /** Messages accepted with at least one recipient at `domain`. */
  receivedFor(domain: string): number;
  /** Socket errors seen and survived, for the report. */
  connectionErrors(): number;
  close(): Promise<void>;
}

export async function startSmtpSink(): Promise<SmtpSink> {
  const byDomain = new Map<string, number>();
  let errors = 0;
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS', 'AUTH'],
    logger: false,
    onData(stream, session, callback) {
      stream.on('error', () => undefined);
      stream.resume();
      stream.on('end', () => {
        const domains = new Set(
          session.envelope.rcptTo.map((recipient) => recipient.address.split('@').pop()!.toLowerCase()),
        );
        for (const domain of domains) byDomain.set(domain, (byDomain.get(domain) ?? 0) + 1);
        callback();
      });
    },
  });
  server.on('error', () => errors++);
  server.listen(0, '127.0.0.1');
  await once(server.server, 'listening');
  const { port } = server.server.address() as { port: number };
  return {
    url: `smtp://127.0.0.1:${port}`,
    receivedFor: (domain) => byDomain.get(domain.toLowerCase()) ?? 0,
    connectionErrors: () => errors,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

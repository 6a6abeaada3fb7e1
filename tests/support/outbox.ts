// The account emails a shop without SMTP writes to DATA_DIR/outbox, decoded for assertions.
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';

export interface OutboxMail {
  from: string;
  to: string;
  subject: string;
  text: string;
}

function decodeQuotedPrintable(body: string): string {
  const bytes = body.replace(/=\r?\n/g, '').replace(/=([0-9A-F]{2})/gi, (_match, hex: string) => `%${hex}`);
  return decodeURIComponent(bytes.replace(/%(?![0-9A-F]{2})/gi, '%25'));
}

/** RFC 2047 encoded words, as nodemailer writes non-ASCII subjects. */
function decodeHeader(value: string): string {
  return value.replace(/=\?utf-8\?([QB])\?([^?]*)\?=\s*/gi, (_match, kind: string, text: string) =>
    kind.toUpperCase() === 'B'
      ? Buffer.from(text, 'base64').toString('utf8')
      : decodeQuotedPrintable(text.replace(/_/g, ' ')),
  );
}

/** A raw single-part message (as nodemailer writes it, or a fake SMTP server receives it), decoded. */
export function decodeMail(raw: string): OutboxMail {
  const [head = '', ...rest] = raw.split(/\r?\n\r?\n/);
  const headers = head.replace(/\r?\n[ \t]+/g, ' ');
  const header = (name: string) => decodeHeader(new RegExp(`^${name}: (.*)$`, 'im').exec(headers)?.[1] ?? '');
  const body = rest.join('\n\n').replace(/\r\n/g, '\n');
  const quoted = /content-transfer-encoding: quoted-printable/i.test(headers);
  return {
    from: header('From'),
    to: header('To'),
    subject: header('Subject'),
    text: quoted ? decodeQuotedPrintable(body) : body,
  };
}

/** Every message written so far, oldest first. */
export function readOutbox(dataDir: string): OutboxMail[] {
  const folder = path.join(dataDir, 'outbox');
  if (!existsSync(folder)) return [];
  return readdirSync(folder)
    .sort()
    .map((file) => decodeMail(readFileSync(path.join(folder, file), 'utf8')));
}

/** The first link in the newest message to `to` that contains `fragment`. */
export function linkInOutbox(dataDir: string, to: string, fragment: string): string | undefined {
  const mail = readOutbox(dataDir)
    .reverse()
    .find((message) => message.to.includes(to) && message.text.includes(fragment));
  return mail?.text.split(/\s+/).find((word) => word.includes(fragment));
}

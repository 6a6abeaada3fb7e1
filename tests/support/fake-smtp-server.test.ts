import { once } from 'node:events';
import { connect } from 'node:net';
import nodemailer from 'nodemailer';
import { afterEach, describe, expect, it } from 'vitest';
import { startFakeSmtpServer, type FakeSmtpServer } from './fake-smtp-server.js';
import { waitFor } from './processes.js';

let smtp: FakeSmtpServer | undefined;
afterEach(async () => {
  await smtp?.close();
  smtp = undefined;
});

describe('the fake SMTP server of the tests', () => {
  it('survives a client that resets its connection (ECONNRESET), and goes on accepting mail', async () => {
    smtp = await startFakeSmtpServer();
    const { port } = new URL(smtp.url);
    for (let i = 0; i < 3; i++) {
      const socket = connect(Number(port), '127.0.0.1');
      const answer = async (line?: string) => {
        if (line) socket.write(`${line}\r\n`);
        return String((await once(socket, 'data'))[0]);
      };
      expect(await answer()).toMatch(/^220 /);
      expect(await answer('EHLO client.example')).toMatch(/^250/);
      // Inside a mail transaction, where smtp-server reports a connection error instead of
      // ignoring it.
      expect(await answer('MAIL FROM:<shop@example.com>')).toMatch(/^250/);
      // An RST instead of a FIN: the server's side of the socket fails with ECONNRESET, which
      // smtp-server re-emits as an 'error' event on the server.
      socket.resetAndDestroy();
    }
    // Each reset has reached the server (as an error it kept) before the next connection.
    await waitFor(() => (smtp!.connectionErrors.length >= 3 ? true : undefined));
    expect(smtp.connectionErrors.every((error) => /ECONNRESET/.test(String(error)))).toBe(true);

    const transport = nodemailer.createTransport(smtp.url);
    await transport.sendMail({ from: 'shop@example.com', to: 'reader@example.com', subject: 'Still here', text: 'Hi' });
    transport.close();
    expect(smtp.messages.map((mail) => mail.headers.subject)).toEqual(['Still here']);
  });
});

import pino from 'pino';
import { describe, expect, it } from 'vitest';
import { ListeningConnection } from './listening-connection.js';

// PostgreSQL only: the listening connection exists on PostgreSQL alone.
describe.runIf(process.env.TEST_DATABASE_URL)('the listening connection', () => {
  it('sends the statements given to it together one after another, each answered in turn', async () => {
    const connection = new ListeningConnection(process.env.TEST_DATABASE_URL!, pino({ level: 'silent' }));
    try {
      await connection.ready;
      const client = connection.current!;
      // pg warns ("deprecated", refused from pg 9) when a client gets a query while one runs.
      let running = 0;
      let mostAtOnce = 0;
      const query = client.query.bind(client);
      client.query = (async (...args: Parameters<typeof query>) => {
        mostAtOnce = Math.max(mostAtOnce, ++running);
        try {
          return await query(...args);
        } finally {
          running--;
        }
      }) as typeof client.query;
      const answers = await Promise.all(
        Array.from({ length: 20 }, (_, index) =>
          connection.query<{ n: number }>('select $1::int as n, pg_sleep(0.002)', [index]),
        ),
      );
      expect(answers.map((answer) => answer.rows[0]!.n)).toEqual(Array.from({ length: 20 }, (_, index) => index));
      expect(mostAtOnce).toBe(1);
      // A failed statement does not stop the ones after it.
      await expect(connection.query('select nonsense')).rejects.toThrow();
      expect((await connection.query<{ one: number }>('select 1 as one')).rows[0]!.one).toBe(1);
    } finally {
      await connection.close();
    }
  });

  it('commits its NOTIFYs without waiting for a flush of the log to disk', async () => {
    const connection = new ListeningConnection(process.env.TEST_DATABASE_URL!, pino({ level: 'silent' }));
    try {
      await connection.ready;
      const setting = await connection.query<{ synchronous_commit: string }>('show synchronous_commit');
      expect(setting.rows[0]!.synchronous_commit).toBe('off');
    } finally {
      await connection.close();
    }
  });
});

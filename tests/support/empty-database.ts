import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { openDatabase, type DatabaseHandle } from '../../src/server/db/database.js';
import { createPostgresDatabase, type TestDialect } from './test-app.js';

/**
 * An empty database of the given engine, without any migration (migration tests choose where to
 * stop). `cleanups` receives what closes and removes it; the caller runs them after the test.
 */
export async function emptyDatabase(
  dialect: TestDialect,
  cleanups: (() => Promise<void> | void)[],
): Promise<DatabaseHandle> {
  let handle: DatabaseHandle;
  if (dialect === 'sqlite') {
    const folder = mkdtempSync(path.join(tmpdir(), 'tradebot-migration-'));
    cleanups.push(() => rmSync(folder, { recursive: true, force: true }));
    handle = await openDatabase({ dialect: 'sqlite', file: path.join(folder, 'shop.db') });
  } else {
    const database = await createPostgresDatabase();
    cleanups.push(database.drop);
    handle = await openDatabase({ dialect: 'postgres', url: database.url });
  }
  cleanups.push(handle.close);
  return handle;
}

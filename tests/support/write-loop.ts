// Writes FAQ rows one transaction at a time through the app's database layer and prints each id
// once its transaction has committed, until it is killed. The crash test reads those ids.
import { randomUUID } from 'node:crypto';
import { loadConfig } from '../../src/server/config.js';
import { openDatabase } from '../../src/server/db/database.js';
import { migrateToLatest } from '../../src/server/db/migrate.js';
import { lockDataDir } from '../../src/server/db/sqlite.js';

const config = loadConfig();
if (config.database.dialect === 'sqlite') lockDataDir(config.dataDir);
const { db, dialect } = await openDatabase(config.database);
await migrateToLatest(db, dialect);
for (let index = 0; ; index++) {
  const id = randomUUID();
  await db
    .insertInto('faqs')
    .values({
      id,
      question_en: `Crash test ${index}`,
      question_fr: '',
      answer_en: 'kept',
      answer_fr: '',
      order_index: 100 + index,
    })
    .execute();
  process.stdout.write(`${id}\n`);
}

// `npm run backup -- [folder]`: a consistent copy of a running shop's SQLite database and files,
// in a new dated folder under `folder` (default ./backups). See ops/backup.ts.
import { createBackup } from './backup.js';
import { runCommand } from './run-command.js';

await runCommand('backup', async (config, [destination]) => {
  const result = await createBackup(config, destination ?? 'backups');
  const { files, bytes } = result.manifest;
  return [`Backup written to ${result.folder} (the database, and ${files} files of ${bytes} bytes).`, ...result.notes];
});

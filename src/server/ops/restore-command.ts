// `npm run restore -- <backup folder>`: puts a backup made by `npm run backup` into an empty
// DATA_DIR. See ops/backup.ts.
import { BackupRefusedError, restoreBackup } from './backup.js';
import { runCommand } from './run-command.js';

await runCommand('restore', async (config, [folder]) => {
  if (!folder)
    throw new BackupRefusedError('Name the backup folder to restore: npm run restore -- backups/tradebot-backup-…');
  const manifest = await restoreBackup(config, folder);
  return [`Restored the backup of ${manifest.createdAt} into ${config.dataDir}. Start the shop on it with npm start.`];
});

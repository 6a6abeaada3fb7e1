import {
  chmodSync,
  existsSync,
  mkdirSync,
  readdirSync,
  readFileSync,
  renameSync,
  rmSync,
  writeFileSync,
} from 'node:fs';
import { copyFile, mkdir, readdir, stat } from 'node:fs/promises';
import path from 'node:path';
import BetterSqlite3 from 'better-sqlite3';
import type { Config } from '../config.js';

/**
 * `npm run backup` and `npm run restore` for a shop on the embedded SQLite database with its files
 * on the local disk. PostgreSQL and S3 have their own, better tools (README "Backups").
 *
 * A backup is a folder `tradebot-backup-<UTC time>/` holding `shop.db` (a consistent copy made
 * with SQLite's online backup API while the shop keeps running), `storage/` (the uploaded files),
 * `auth-secret` when the shop generated one, and `backup.json`. It is written under a `.partial`
 * name and renamed when complete, so a folder without that suffix is always a whole backup.
 */

export class BackupRefusedError extends Error {}

export const BACKUP_MANIFEST = 'backup.json';
const DATABASE_FILE = 'shop.db';
const STORAGE_FOLDER = 'storage';
const AUTH_SECRET_FILE = 'auth-secret';
// Half-written uploads of the local disk storage: never part of a backup.
const PARTIAL_UPLOADS = '.partial';

export interface BackupManifest {
  format: 1;
  createdAt: string;
  database: string;
  files: number;
  bytes: number;
}

type BackupConfig = Pick<Config, 'dataDir' | 'database' | 'storage'>;

function refuseOnPostgres(
  config: BackupConfig,
  action: 'backup' | 'restore',
): asserts config is BackupConfig & { database: { dialect: 'sqlite'; file: string } } {
  if (config.database.dialect !== 'postgres') return;
  const tool =
    action === 'backup'
      ? 'pg_dump (pg_dump --format=custom --file=shop.dump "$DATABASE_URL")'
      : 'pg_restore (pg_restore --dbname="$DATABASE_URL" shop.dump)';
  throw new BackupRefusedError(
    `This shop runs on PostgreSQL (DATABASE_URL): npm run ${action} handles the embedded SQLite database only. Use ${tool}; see README "Backups".`,
  );
}

function timestamp(date: Date): string {
  return date
    .toISOString()
    .replace(/[-:]/g, '')
    .replace(/\.\d+Z$/, 'Z')
    .replace('T', '-');
}

/** Copies every file under `from` to `to`; a file removed meanwhile (a replaced upload) is skipped. */
async function copyTree(
  from: string,
  to: string,
  skip: (relative: string) => boolean,
): Promise<{ files: number; bytes: number }> {
  let files = 0;
  let bytes = 0;
  if (!existsSync(from)) return { files, bytes };
  for (const entry of await readdir(from, { recursive: true, withFileTypes: true })) {
    if (!entry.isFile()) continue;
    const source = path.join(entry.parentPath, entry.name);
    const relative = path.relative(from, source);
    if (skip(relative)) continue;
    const target = path.join(to, relative);
    await mkdir(path.dirname(target), { recursive: true });
    try {
      await copyFile(source, target);
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'ENOENT') continue;
      throw error;
    }
    files += 1;
    bytes += (await stat(target)).size;
  }
  return { files, bytes };
}

export interface BackupResult {
  folder: string;
  manifest: BackupManifest;
  /** Said to the operator: what the backup does not hold. */
  notes: string[];
}

/** Backs up a running (or stopped) shop into a new dated folder under `destination`. */
export async function createBackup(config: BackupConfig, destination: string, now = new Date()): Promise<BackupResult> {
  refuseOnPostgres(config, 'backup');
  const databaseFile = config.database.file;
  if (!existsSync(databaseFile))
    throw new BackupRefusedError(`There is no database at ${databaseFile}: check DATA_DIR (or DATABASE_URL).`);
  const name = `tradebot-backup-${timestamp(now)}`;
  const folder = path.resolve(destination, name);
  if (existsSync(folder)) throw new BackupRefusedError(`${folder} already exists.`);
  const partial = `${folder}.partial`;
  rmSync(partial, { recursive: true, force: true });
  mkdirSync(partial, { recursive: true });
  const notes: string[] = [];
  try {
    // The database first: every file a committed row refers to was stored before its row
    // committed, so it is still there when the files are copied next.
    const source = new BetterSqlite3(databaseFile, { fileMustExist: true });
    try {
      source.pragma('busy_timeout = 5000');
      // All pages in one step: SQLite copies them inside one read transaction, a snapshot that
      // the shop's writes (on their own connection) neither block nor restart.
      await source.backup(path.join(partial, DATABASE_FILE), { progress: () => 0x7fffffff });
    } finally {
      source.close();
    }
    let copied = { files: 0, bytes: 0 };
    if (config.storage.kind === 'local') {
      copied = await copyTree(
        path.join(config.dataDir, STORAGE_FOLDER),
        path.join(partial, STORAGE_FOLDER),
        (relative) => relative.split(path.sep)[0] === PARTIAL_UPLOADS,
      );
    } else {
      notes.push(
        'Files are in the S3 bucket, not in this backup: back the bucket up with its own tools (README "Backups").',
      );
    }
    const secretFile = path.join(config.dataDir, AUTH_SECRET_FILE);
    if (existsSync(secretFile)) await copyFile(secretFile, path.join(partial, AUTH_SECRET_FILE));
    const manifest: BackupManifest = { format: 1, createdAt: now.toISOString(), database: DATABASE_FILE, ...copied };
    writeFileSync(path.join(partial, BACKUP_MANIFEST), `${JSON.stringify(manifest, null, 2)}\n`);
    renameSync(partial, folder);
    return { folder, manifest, notes };
  } catch (error) {
    rmSync(partial, { recursive: true, force: true });
    throw error;
  }
}

function readManifest(folder: string): BackupManifest {
  const file = path.join(folder, BACKUP_MANIFEST);
  if (!existsSync(file))
    throw new BackupRefusedError(`${folder} is not a tradebot-store backup (it has no ${BACKUP_MANIFEST}).`);
  const manifest = JSON.parse(readFileSync(file, 'utf8')) as BackupManifest;
  if (manifest.format !== 1)
    throw new BackupRefusedError(
      `${folder} has a backup format this version does not know (${String(manifest.format)}).`,
    );
  return manifest;
}

function checkDatabase(file: string): void {
  const database = new BetterSqlite3(file, { readonly: true, fileMustExist: true });
  try {
    const result = database.pragma('quick_check', { simple: true });
    if (result !== 'ok') throw new BackupRefusedError(`The backup's database is damaged: ${String(result)}`);
  } finally {
    database.close();
  }
}

/** Puts a backup back into an empty (or missing) DATA_DIR; refuses anything else. */
export async function restoreBackup(config: BackupConfig, backupFolder: string): Promise<BackupManifest> {
  refuseOnPostgres(config, 'restore');
  const folder = path.resolve(backupFolder);
  const manifest = readManifest(folder);
  const dataDir = config.dataDir;
  if (existsSync(dataDir) && readdirSync(dataDir).length > 0) {
    throw new BackupRefusedError(
      `DATA_DIR ${dataDir} is not empty: restore only into an empty DATA_DIR (move the current one aside, or point DATA_DIR at a new folder).`,
    );
  }
  const databaseFile = config.database.file;
  if (existsSync(databaseFile))
    throw new BackupRefusedError(`${databaseFile} already exists: restore only where there is no database yet.`);
  checkDatabase(path.join(folder, manifest.database));
  mkdirSync(dataDir, { recursive: true });
  try {
    mkdirSync(path.dirname(databaseFile), { recursive: true });
    await copyFile(path.join(folder, manifest.database), databaseFile);
    await copyTree(path.join(folder, STORAGE_FOLDER), path.join(dataDir, STORAGE_FOLDER), () => false);
    const secret = path.join(folder, AUTH_SECRET_FILE);
    if (existsSync(secret)) {
      await copyFile(secret, path.join(dataDir, AUTH_SECRET_FILE));
      chmodSync(path.join(dataDir, AUTH_SECRET_FILE), 0o600);
    }
  } catch (error) {
    // DATA_DIR was empty: whatever is there now is ours and half-done.
    for (const entry of readdirSync(dataDir)) rmSync(path.join(dataDir, entry), { recursive: true, force: true });
    rmSync(databaseFile, { force: true });
    throw error;
  }
  return manifest;
}

import { randomUUID } from 'node:crypto';
import type { Readable } from 'node:stream';
import type { Kysely } from 'kysely';
import { ROBOT_FILE_EXTENSIONS, ROBOT_FILE_MAX_BYTES } from '../../../shared/constants.js';
import { releaseInputSchema, versionKey, type RobotRelease } from '../../../shared/schemas/releases.js';
import { isUniqueViolation } from '../../db/dialect.js';
import type { Database } from '../../db/schema.js';
import { ConflictError, NotFoundError, UnsupportedMediaTypeError } from '../../errors.js';
import { parseInput } from '../../http/parse-input.js';
import { robotFileCheck, robotFileExtension } from '../../storage/robot-file-check.js';
import type { Storage } from '../../storage/storage.js';
import { cleanFileName } from '../../text/file-names.js';
import { sanitizeRichText } from '../../text/sanitize-rich-text.js';
import {
  RobotReleasesRepository,
  type ReleaseListRow,
  type ReleaseRobot,
  type ReleaseRow,
} from './robot-releases.repository.js';

/** What a delivery takes of a robot's current release (the order's version copies it). */
export interface CurrentRelease {
  id: string;
  robot_id: string;
  version: string;
  version_key: string;
  notes: string;
  file_path: string;
  file_name: string;
  released_at: string;
}

/** A release as the back office sees it: never its storage key. */
function toRelease(row: ReleaseRow, current: boolean, orders: number): RobotRelease {
  return {
    id: row.id,
    robot_id: row.robot_id,
    version: row.version,
    notes: row.notes,
    file_name: row.file_name,
    file_size: row.file_size,
    released_at: row.released_at,
    current,
    orders,
  };
}

function toCurrent(row: ReleaseRow): CurrentRelease {
  return {
    id: row.id,
    robot_id: row.robot_id,
    version: row.version,
    version_key: row.version_key,
    notes: row.notes,
    file_path: row.file_path,
    file_name: row.file_name,
    released_at: row.released_at,
  };
}

const noSuchRobot = () => new NotFoundError('No such robot.');

function notNewer(latest: string, given: string): ConflictError {
  return new ConflictError(
    `Version ${given} is not newer than ${latest}, this robot's latest release: a new release needs a higher version.`,
    'release_version_not_newer',
    { 'body.version': `must be higher than ${latest}` },
  );
}

/**
 * Why a robot cannot be for sale as it is, or null: automatic delivery sends the current release
 * the moment an order is paid, so an active robot delivered automatically needs one (decision 0018).
 */
export function saleProblem(robot: Pick<ReleaseRobot, 'status' | 'delivery'>, releases: number): ConflictError | null {
  if (robot.status !== 'active' || robot.delivery !== 'automatic' || releases > 0) return null;
  return new ConflictError(
    'A robot delivered automatically needs a release before it can be active for sale: upload one in its Releases section, or set the robot inactive or delivered per order.',
    'release_required',
  );
}

/** Where a release's file is stored: a new key per upload, under its robot. */
function releaseFileKey(robotId: string, extension: string): string {
  return `private/releases/${robotId}/${randomUUID()}.${extension}`;
}

/**
 * A robot's releases (issue 18 §1, decision 0018): the owner uploads them on the robot's page;
 * the highest version is current. A new one must be higher than every other of its robot; its
 * file is checked like a delivered robot file while it streams to storage; one that any order
 * holds cannot be deleted, nor the last one of a robot for sale with automatic delivery.
 */
export class RobotReleasesService {
  constructor(
    private readonly releases: RobotReleasesRepository,
    private readonly storage: Storage,
    /** Called once a new release is stored: its distribution to the robot's owners may start. */
    private readonly onReleased: () => void = () => undefined,
  ) {}

  async list(robotId: string): Promise<RobotRelease[]> {
    if (!(await this.releases.robot(robotId))) throw noSuchRobot();
    return (await this.releases.list(robotId)).map((row: ReleaseListRow, index) =>
      toRelease(row, index === 0, row.orders),
    );
  }

  /**
   * Stores a release. The version is checked before a byte is read, the file's type from its name
   * and its content while it streams; the version is checked again, under the robot's lock, when
   * the row is written. Whatever fails, neither a file nor a row is left.
   */
  async create(
    robotId: string,
    fields: Record<string, string>,
    fileName: string,
    body: Readable,
  ): Promise<{ release: RobotRelease; robot: ReleaseRobot }> {
    const robot = await this.releases.robot(robotId);
    if (!robot) throw noSuchRobot();
    const input = parseInput(releaseInputSchema, fields, 'body');
    const key = versionKey(input.version);
    const latest = await this.releases.current(robotId);
    if (latest && latest.version_key >= key) throw notNewer(latest.version, input.version);
    const extension = robotFileExtension(fileName);
    if (!extension)
      throw new UnsupportedMediaTypeError(
        `Accepted robot files: ${ROBOT_FILE_EXTENSIONS.map((e) => `.${e}`).join(', ')}.`,
      );

    const filePath = releaseFileKey(robotId, extension);
    // Piped, not pipelined: a refusal must not destroy the upload's stream, which the route
    // drains so that the client reads our answer.
    const checked = body.pipe(robotFileCheck(extension));
    body.once('error', (error) => checked.destroy(error));
    const stored = await this.storage.put(filePath, checked, { maxBytes: ROBOT_FILE_MAX_BYTES });
    let row: ReleaseRow;
    try {
      row = await this.releases.transaction(async (releases) => {
        if (!(await releases.lockRobot(robotId))) throw noSuchRobot();
        // Another upload may have won meanwhile.
        const now = await releases.current(robotId);
        if (now && now.version_key >= key) throw notNewer(now.version, input.version);
        return releases.insert({
          id: randomUUID(),
          robot_id: robotId,
          version: input.version,
          version_key: key,
          notes: sanitizeRichText(input.notes),
          file_path: filePath,
          file_name: cleanFileName(fileName, `robot.${extension}`),
          file_size: stored.size,
          released_at: new Date().toISOString(),
        });
      });
    } catch (error) {
      await this.storage.delete(filePath);
      if (isUniqueViolation(error)) throw notNewer(input.version, input.version);
      throw error;
    }
    this.onReleased();
    return { release: toRelease(row, true, 0), robot };
  }

  /**
   * Deletes a release no order holds. The last release of a robot for sale with automatic
   * delivery stays: a paid order would find nothing to deliver. The checks and the deletion hold
   * the robot's and the release's locks, so neither a delivery of this release nor the robot's
   * activation can slip in between.
   */
  async remove(robotId: string, releaseId: string): Promise<{ release: RobotRelease; robot: ReleaseRobot }> {
    const { release, robot } = await this.releases.transaction(async (releases) => {
      if (!(await releases.lockRobot(robotId))) throw noSuchRobot();
      const found = await releases.find(robotId, releaseId);
      if (!found || !(await releases.lockRelease(releaseId))) throw new NotFoundError('No such release.');
      if (await releases.isDelivered(releaseId))
        throw new ConflictError(
          `Version ${found.version} has been delivered to orders: it stays in their history and cannot be deleted.`,
          'release_in_use',
        );
      const owner = (await releases.robot(robotId))!;
      const problem = saleProblem(owner, (await releases.count(robotId)) - 1);
      if (problem)
        throw new ConflictError(
          `Version ${found.version} is the last release of a robot for sale with automatic delivery: upload another first, or set the robot inactive or delivered per order.`,
          'release_required',
        );
      await releases.delete(releaseId);
      return { release: found, robot: owner };
    });
    await this.storage.delete(release.file_path);
    return { release: toRelease(release, false, 0), robot };
  }

  /**
   * Removes the files of a deleted robot's releases (the rows went with the robot), except those
   * an order still holds: its client keeps downloading them.
   */
  async forgetFiles(filePaths: string[]): Promise<void> {
    for (const filePath of filePaths)
      if (!(await this.releases.fileInUse(filePath))) await this.storage.delete(filePath);
  }

  /** The files of the robot's releases, read before the robot is deleted. */
  filesOfRobot(robotId: string): Promise<string[]> {
    return this.releases.filesOfRobot(robotId);
  }
}

/**
 * The current release of robots, read on `db` (which may be a transaction: an automatic delivery
 * reads it in the transaction that makes the order paid), for orders.
 */
export class CurrentReleases {
  private readonly releases: RobotReleasesRepository;

  constructor(db: Kysely<Database>) {
    this.releases = new RobotReleasesRepository(db);
  }

  /**
   * The robot's delivery mode and, when it is delivered automatically, its current release (null
   * otherwise: a robot delivered per order needs no second query); undefined when there is no such robot.
   */
  async ofRobot(robotId: string): Promise<{ robot: ReleaseRobot; release: CurrentRelease | null } | undefined> {
    const robot = await this.releases.robot(robotId);
    if (!robot) return undefined;
    const release = robot.delivery === 'automatic' ? await this.releases.current(robotId) : undefined;
    return { robot, release: release ? toCurrent(release) : null };
  }

  /** Locks the release for the rest of the transaction; false when it was deleted meanwhile. */
  lock(releaseId: string): Promise<boolean> {
    return this.releases.lockRelease(releaseId);
  }

  pending(): Promise<CurrentRelease[]> {
    return this.releases.pendingCurrent().then((rows) => rows.map(toCurrent));
  }

  markDistributed(releaseId: string, at: string): Promise<void> {
    return this.releases.markDistributed(releaseId, at);
  }
}

export function createCurrentReleases(db: Kysely<Database>): CurrentReleases {
  return new CurrentReleases(db);
}

export function createRobotReleasesService(
  db: Kysely<Database>,
  storage: Storage,
  onReleased?: () => void,
): RobotReleasesService {
  return new RobotReleasesService(new RobotReleasesRepository(db), storage, onReleased);
}

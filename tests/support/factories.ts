// Test data made the way the shop makes it: accounts through the sign-up API, robots through the
// catalogue's service, orders through the order route and the order repository, settings through
// the settings service (decision 0016). Every value that must be unique is unique per call, so a
// test depends neither on another test nor on the demo seed.
import { cleanFileName } from '../../src/server/text/file-names.js';
import { randomUUID } from 'node:crypto';
import { Readable } from 'node:stream';
import type { FastifyInstance } from 'fastify';
import type { z } from 'zod';
import { CategoriesRepository } from '../../src/server/modules/catalogue/categories.repository.js';
import { RobotsRepository } from '../../src/server/modules/catalogue/robots.repository.js';
import { RobotsService } from '../../src/server/modules/catalogue/robots.service.js';
import { robotFileKey } from '../../src/server/modules/orders/admin-orders.service.js';
import { OrdersRepository, type OrderRow } from '../../src/server/modules/orders/orders.repository.js';
import {
  createRobotReleasesService,
  type RobotReleasesService,
} from '../../src/server/modules/robot-releases/robot-releases.service.js';
import { robotFileExtension } from '../../src/server/storage/robot-file-check.js';
import { UsersRepository } from '../../src/server/modules/users/users.repository.js';
import { ROBOT_FILE_MAX_BYTES } from '../../src/shared/constants.js';
import {
  downloadableStatus,
  nextOrderStatus,
  type OrderEvent,
  type OrderStatus,
} from '../../src/shared/order-states.js';
import { robotInputSchema, type Robot } from '../../src/shared/schemas/catalogue.js';
import type { RobotRelease } from '../../src/shared/schemas/releases.js';
import { createOrder } from './orders.js';
import { ex5File } from './robot-files.js';
import { requester, type Requester } from './requests.js';
import { createClient, signIn } from './sessions.js';
import { TEST_ADMIN } from './test-app.js';

export { setSetting } from './settings.js';

/** A signed-in account: its id and credentials, and requests made with its session. */
export interface SignedInUser extends Requester {
  id: string;
  email: string;
  password: string;
  name: string;
}

let sequence = 0;

/** `label-<n>-<random>`: different on every call, and from one run to the next. */
export function unique(label: string): string {
  sequence += 1;
  return `${label}-${sequence}-${randomUUID().slice(0, 8)}`;
}

export interface NewUserOptions {
  /** Default: a new address at example.com. */
  email?: string;
  name?: string;
}

/** A client who signed up (and so got the sign-up's own session) and then signed in. */
export async function newClient(app: FastifyInstance, options: NewUserOptions = {}): Promise<SignedInUser> {
  const name = options.name ?? 'Test Client';
  const client = await createClient(app, options.email ?? `${unique('client')}@example.com`, name);
  return { ...requester(app, client.cookie), id: client.id, email: client.email, password: client.password, name };
}

/** The administrator the test app creates at start (TEST_ADMIN), signed in. */
export async function signInAdmin(app: FastifyInstance): Promise<SignedInUser> {
  const cookie = await signIn(app, TEST_ADMIN.email, TEST_ADMIN.password);
  const me = (await app.inject({ url: '/api/me', headers: { cookie } })).json<{
    id: string;
    full_name: string | null;
  }>();
  return {
    ...requester(app, cookie),
    id: me.id,
    email: TEST_ADMIN.email,
    password: TEST_ADMIN.password,
    name: me.full_name ?? '',
  };
}

/** Another administrator: a client promoted through the users repository, as User Management does. */
export async function newAdmin(app: FastifyInstance, options: NewUserOptions = {}): Promise<SignedInUser> {
  const admin = await newClient(app, { name: 'Test Administrator', ...options });
  await new UsersRepository(app.database.db).setRoleKeepingAnAdministrator(admin.id, 'admin');
  return admin;
}

/**
 * A robot saved through the catalogue's service after the admin API's checks (so descriptions
 * are sanitised and features stored as the back office stores them); active unless `status`
 * says otherwise. Visitors see it at once.
 */
export async function newRobot(
  app: FastifyInstance,
  fields: Partial<z.input<typeof robotInputSchema>> = {},
): Promise<Robot> {
  const { db } = app.database;
  const input = robotInputSchema.parse({ name: unique('Robot'), price: 99, ...fields });
  const robot = await new RobotsService(
    new RobotsRepository(db),
    new CategoriesRepository(db),
    createRobotReleasesService(db, app.storage),
  ).create(input);
  app.publicCache.invalidate();
  return robot;
}

export interface NewOrderOptions {
  /** Whose order it is; default: a new client. */
  client?: SignedInUser;
  /** Default: a new active robot. */
  robot?: Pick<Robot, 'id'>;
  /** Default: pending_payment, or completed with a file. */
  status?: OrderStatus;
  /** A robot file delivered for this order (which completes it, as its version 1): its name and content. */
  file?: { name: string; content: Buffer | string };
}

export interface NewOrder {
  id: string;
  /** The stored row (its file is its version's: `orders.versions`). */
  row: OrderRow;
  client: SignedInUser;
  robot: Pick<Robot, 'id'>;
}

/**
 * An order in any status. The client places it through the order route (price and name from the
 * robot, terms accepted); the status then moves as an administrator moves it, through the state
 * machine and the order repository; a file is stored as a delivery stores it. Nothing is mailed
 * or announced for those moves: a factory makes data, not events.
 */
export async function newOrder(app: FastifyInstance, options: NewOrderOptions = {}): Promise<NewOrder> {
  const client = options.client ?? (await newClient(app));
  const robot = options.robot ?? (await newRobot(app));
  // Through this app, whichever instance the client signed in on (a second instance shares the database).
  const created = await createOrder(app, client.cookie, robot.id);
  const orders = new OrdersRepository(app.database.db, app.database.dialect);
  let row = (await orders.findById(created.id))!;

  const move = async (event: OrderEvent, columns: Parameters<OrdersRepository['compareAndSetStatus']>[4] = {}) => {
    const transition = nextOrderStatus(row.status, event, 'administrator');
    if (!transition.ok) throw new Error(transition.reason);
    const entry = { actor: 'administrator' as const, kind: event.type };
    row = (await orders.compareAndSetStatus(row.id, row.status, transition.next, entry, columns))!;
  };

  const { file } = options;
  if (file) {
    if (options.status && options.status !== downloadableStatus)
      throw new Error(`an order with a delivered file is ${downloadableStatus}, not ${options.status}`);
    const extension = robotFileExtension(file.name);
    if (!extension) throw new Error(`not a robot file name: ${file.name}`);
    await move({ type: 'admin_set', status: 'paid' });
    const key = robotFileKey(row.id, extension);
    await app.storage.put(key, Readable.from([Buffer.from(file.content)]), { maxBytes: ROBOT_FILE_MAX_BYTES });
    await move({ type: 'file_delivered' });
    await orders.versions.add(row.id, {
      release_id: null,
      notes: '',
      file_path: key,
      file_name: cleanFileName(file.name, `robot.${extension}`),
    });
  } else if (options.status && options.status !== row.status) {
    await move({ type: 'admin_set', status: options.status });
  }
  return { id: row.id, row, client, robot };
}

export interface NewReleaseOptions {
  /** Default: 1.0.0. */
  version?: string;
  /** Rich text. */
  notes?: string;
  /** Default: an Expert Advisor's compiled file. */
  file?: { name: string; content: Buffer | string };
}

/**
 * A release of the robot, stored through the releases' service as the robot page's upload stores
 * it (version rule, file checks, sanitised notes). Like every factory it makes data, not events:
 * the robot's owners get it only when a test runs the distribution (`app.releaseDistribution`).
 */
export async function newRelease(
  app: FastifyInstance,
  robot: Pick<Robot, 'id'>,
  options: NewReleaseOptions = {},
): Promise<RobotRelease> {
  const service: RobotReleasesService = createRobotReleasesService(app.database.db, app.storage);
  const file = options.file ?? { name: 'Robot.ex5', content: ex5File() };
  const { release } = await service.create(
    robot.id,
    { version: options.version ?? '1.0.0', notes: options.notes ?? '' },
    file.name,
    Readable.from([Buffer.from(file.content)]),
  );
  app.publicCache.invalidate();
  return release;
}

import type { SettingKey, SettingValue } from '../../src/shared/settings-keys.js';
import {
  newAdmin,
  newClient,
  newOrder,
  newRelease,
  newRobot,
  setSetting,
  signInAdmin,
  type NewOrder,
  type NewOrderOptions,
  type NewReleaseOptions,
  type NewUserOptions,
  type SignedInUser,
} from './factories.js';
import { requester, type Requester } from './requests.js';
import { createTestApp, type TestApp, type TestDialect } from './test-app.js';

/** A test app with its people signed in and the factories bound to it (decision 0016). */
export interface Shop extends TestApp {
  /** The administrator the app creates at start (TEST_ADMIN), signed in. */
  admin: SignedInUser;
  /** A client of its own, signed in. */
  client: SignedInUser;
  /** A visitor: no session. */
  anonymous: Requester;
  newClient(options?: NewUserOptions): Promise<SignedInUser>;
  newAdmin(options?: NewUserOptions): Promise<SignedInUser>;
  newRobot(fields?: Parameters<typeof newRobot>[1]): ReturnType<typeof newRobot>;
  newOrder(options?: NewOrderOptions): Promise<NewOrder>;
  newRelease(robot: Parameters<typeof newRelease>[1], options?: NewReleaseOptions): ReturnType<typeof newRelease>;
  setSetting<Key extends SettingKey>(key: Key, value: SettingValue<Key>): Promise<void>;
}

export interface ShopOptions {
  /** Environment of the app, over the test defaults (see createTestApp). */
  env?: Record<string, string>;
  /** Give the app a web shell, so that storefront pages render. */
  webShell?: boolean;
  /** Who `shop.client` is; default: a new address named Test Client. */
  client?: NewUserOptions;
}

/** Builds the real app on a fresh database of `dialect` (createTestApp) and signs in its administrator and a client. */
export async function withShop(dialect: TestDialect, options: ShopOptions = {}): Promise<Shop> {
  const test = await createTestApp(dialect, options.env, { webShell: options.webShell ?? false });
  const { app } = test;
  try {
    return {
      ...test,
      admin: await signInAdmin(app),
      client: await newClient(app, options.client),
      anonymous: requester(app),
      newClient: (clientOptions) => newClient(app, clientOptions),
      newAdmin: (adminOptions) => newAdmin(app, adminOptions),
      newRobot: (fields) => newRobot(app, fields),
      newOrder: (orderOptions) => newOrder(app, orderOptions),
      newRelease: (robot, releaseOptions) => newRelease(app, robot, releaseOptions),
      setSetting: (key, value) => setSetting(app, key, value),
    };
  } catch (error) {
    await test.close();
    throw error;
  }
}

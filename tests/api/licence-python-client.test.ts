import { execFile, execFileSync } from 'node:child_process';
import { generateKeyPairSync } from 'node:crypto';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { GRACE_SECONDS, LEASE_SECONDS } from '../../src/server/modules/licences/licence-api.service.js';
import type { LicenceKeys } from '../../src/shared/schemas/licences.js';
import {
  buyLicence,
  createLicensedRobot,
  createLicenceShop,
  type LicensedRobot,
  type LicenceShop,
} from '../support/licences.js';
import { freePort, projectRoot } from '../support/processes.js';
import { testDialects } from '../support/test-app.js';

const CLIENT = path.join(projectRoot, 'integrations/python/tradebot_license.py');

/**
 * A Python 3 that has PyNaCl: $PYTHON, else python3 on the PATH, else Debian's. None is a failure,
 * not a skip: CI installs python3-nacl (.ci/run), and a missing library must not pass unnoticed.
 */
function pythonWithNacl(): string {
  const candidates = [process.env.PYTHON, 'python3', '/usr/bin/python3'].filter(Boolean) as string[];
  for (const candidate of candidates) {
    try {
      execFileSync(candidate, ['-c', 'import nacl.signing'], { stdio: 'ignore' });
      return candidate;
    } catch {
      // The next one.
    }
  }
  throw new Error(
    `No Python 3 with PyNaCl (tried ${candidates.join(', ')}): install Debian's python3-nacl (apt-get install python3-nacl, as .ci/run does) or set PYTHON`,
  );
}

interface Outcome {
  allowed: boolean;
  state: string;
  last_error: string;
  expires_at: number | null;
  latest_version: string | null;
}

describe.each(testDialects)('the Python robot client against the shop on %s', (dialect) => {
  let python: string;
  let shop: LicenceShop;
  let robot: LicensedRobot;
  let key: string;
  let pinned: string[];

  /** One check through the client's command line, as a seller tries it. */
  async function check(options: {
    login: string;
    mode?: 'real' | 'demo';
    licenceKey?: string;
    keys?: string[];
    stateFile?: string;
    now?: number;
    api?: string;
  }): Promise<Outcome> {
    const args = [
      CLIENT,
      '--api',
      options.api ?? `${shop.url}/api/licenses`,
      '--robot-id',
      robot.id,
      '--key',
      options.licenceKey ?? key,
      '--login',
      options.login,
      '--server',
      'Broker-Live',
      '--mode',
      options.mode ?? 'real',
      // The joined form: a key id is base64url and can begin with '-', which argparse would take for an option.
      ...(options.keys ?? pinned).map((entry) => `--public-key=${entry}`),
      ...(options.stateFile ? ['--state-file', options.stateFile] : []),
      ...(options.now !== undefined ? ['--now', String(options.now)] : []),
    ];
    const { stdout } = await promisify(execFile)(python, args).catch(
      (error: { stdout?: string; stderr?: string; code?: number }) => {
        // Exit status 1 means "not allowed", with the outcome printed all the same.
        if (error.code === 1 && error.stdout) return { stdout: error.stdout };
        throw new Error(`python client failed: ${error.stderr ?? String(error)}`);
      },
    );
    return JSON.parse(stdout) as Outcome;
  }

  beforeAll(async () => {
    python = pythonWithNacl();
    shop = await createLicenceShop(dialect);
    robot = await createLicensedRobot(shop, {
      licence_real_slots: 1,
      licence_demo_slots: 1,
      licence_duration_days: 365,
    });
    key = (await buyLicence(shop, robot.id)).key;
    const keys = (await (await fetch(`${shop.url}/api/licenses/keys`)).json()) as LicenceKeys;
    pinned = keys.keys.map((entry) => `${entry.kid}=${entry.public_key}`);
  });
  afterAll(() => shop?.close());

  it('activates a real and a demo account with a pinned key, and a second real account gets no_free_slot', async () => {
    const real = await check({ login: '5001' });
    expect(real).toMatchObject({ allowed: true, state: 'licensed', last_error: '', latest_version: null });
    expect(Math.abs(real.expires_at! - (Date.now() / 1000 + 365 * 86_400))).toBeLessThan(120);
    expect(await check({ login: '7001', mode: 'demo' })).toMatchObject({ allowed: true, state: 'licensed' });
    expect(await check({ login: '5002' })).toMatchObject({
      allowed: false,
      state: 'refused',
      last_error: 'no_free_slot',
    });
    // Keys fetched from the shop work too (for trying a setup; robots pin them).
    expect(await check({ login: '5001', keys: [] })).toMatchObject({ allowed: true });
    // A key id is base64url, so it can begin with '-': such a pinned entry must not be read as an option.
    const { publicKey } = generateKeyPairSync('ed25519');
    const dashed = [...pinned, `-dashKid0000000=${publicKey.export({ format: 'jwk' }).x}`];
    expect(await check({ login: '5001', keys: dashed })).toMatchObject({ allowed: true });
  });

  it('refuses an answer its pinned key did not sign, and answers unknown_key for a wrong key', async () => {
    const { publicKey } = generateKeyPairSync('ed25519');
    const impostor = pinned.map((entry) => `${entry.split('=')[0]}=${publicKey.export({ format: 'jwk' }).x}`);
    expect(await check({ login: '5001', keys: impostor })).toMatchObject({
      allowed: false,
      state: 'none',
      last_error: 'bad_signature',
    });
    expect(await check({ login: '5001', licenceKey: 'TB-00000-00000-00000-00000-00000' })).toMatchObject({
      allowed: false,
      state: 'refused',
      last_error: 'unknown_key',
    });
  });

  it('runs on its saved answer through the grace when the shop cannot be reached, and stops after', async () => {
    const stateFile = path.join(mkdtempSync(path.join(tmpdir(), 'tradebot-python-')), 'licence.json');
    const now = Math.floor(Date.now() / 1000);
    expect(await check({ login: '5001', stateFile, now })).toMatchObject({ allowed: true, state: 'licensed' });
    const unreachable = `http://127.0.0.1:${await freePort()}/api/licenses`;
    expect(await check({ login: '5001', stateFile, api: unreachable, now: now + LEASE_SECONDS + 60 })).toMatchObject({
      allowed: true,
      state: 'grace',
    });
    expect(
      await check({ login: '5001', stateFile, api: unreachable, now: now + LEASE_SECONDS + GRACE_SECONDS + 60 }),
    ).toMatchObject({ allowed: false, state: 'lapsed' });
    // Another account cannot run on this account's saved answer.
    expect(await check({ login: '5003', stateFile, api: unreachable, now: now + 60 })).toMatchObject({
      allowed: false,
      state: 'none',
    });
  });
});

import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { withShop, type Shop } from '../../../../tests/support/shop.js';
import { testDialects } from '../../../../tests/support/test-app.js';
import type { Robot } from '../../../shared/schemas/catalogue.js';

const canonical = (html: string) => /<link rel="canonical" href="([^"]*)">/.exec(html)?.[1];
const embeddedRobot = (html: string) =>
  (JSON.parse(/<script type="application\/json" id="app-data">(.*?)<\/script>/s.exec(html)![1]!) as { robot?: Robot })
    .robot;

describe.each(testDialects)('readable robot addresses (issue 19 §4) on %s', (dialect) => {
  let shop: Shop;
  beforeAll(async () => {
    shop = await withShop(dialect, { webShell: true });
  });
  afterAll(() => shop.close());

  const create = (body: Record<string, unknown>) => shop.admin.post('/api/admin/robots', { price: 10, ...body });
  const update = (id: string, body: Record<string, unknown>) => shop.admin.patch(`/api/admin/robots/${id}`, body);
  const suffix = () => randomUUID().slice(0, 6);

  it('makes a slug from the name when none is given: accents folded, lower case, hyphens, -2 and -3 on collisions', async () => {
    const word = `Örbit ${suffix()}`;
    const first = await create({ name: `${word}  Élan — Bøt & Straße!` });
    expect(first.statusCode, first.body).toBe(201);
    const base = `${word.toLowerCase().replace('ö', 'o').replace(' ', '-')}-elan-bot-strasse`;
    expect(first.json<Robot>().slug).toBe(base);
    const second = await create({ name: `${word} élan bot strasse`, slug: '' });
    expect(second.json<Robot>().slug).toBe(`${base}-2`);
    const third = await create({ name: `${word.toUpperCase()} ELAN BOT STRASSE` });
    expect(third.json<Robot>().slug).toBe(`${base}-3`);
    // A name with nothing to keep still gets an address.
    const symbols = await create({ name: '★★★' });
    expect(symbols.json<Robot>().slug).toMatch(/^robot(-\d+)?$/);
  });

  it('takes the administrator’s slug in lower case, refuses a malformed one (400) and a taken one (409)', async () => {
    const name = `Atlas ${suffix()}`;
    const chosen = `atlas-${suffix()}`;
    const created = await create({ name, slug: `  ${chosen.toUpperCase()} ` });
    expect(created.statusCode, created.body).toBe(201);
    const robot = created.json<Robot>();
    expect(robot.slug).toBe(chosen);

    for (const slug of ['-atlas', 'atlas-', 'at--las', 'atlas ea', 'atlas_ea', 'atlás', 'a/b', 'x'.repeat(81)]) {
      const response = await create({ name: 'Malformed', slug });
      expect(response.statusCode, slug).toBe(400);
      expect(response.json().error.fields).toHaveProperty(['body.slug']);
    }

    const duplicate = await create({ name: 'Another robot', slug: chosen });
    expect(duplicate.statusCode).toBe(409);
    expect(duplicate.json().error).toMatchObject({
      code: 'duplicate_slug',
      message: `The address /robots/${chosen} is already used by another robot.`,
      fields: { 'body.slug': 'already used by another robot' },
    });
    const other = (await create({ name: `Other ${suffix()}` })).json<Robot>();
    const taken = await update(other.id, { slug: chosen });
    expect(taken.statusCode).toBe(409);
    expect(taken.json().error.code).toBe('duplicate_slug');
    // Nothing half-written: the robot kept its own address.
    expect((await shop.anonymous.get(`/api/robots/${other.id}`)).json<Robot>().slug).toBe(other.slug);
  });

  it('keeps a robot’s slug when its name changes; an emptied slug is made again from the name', async () => {
    const robot = (await create({ name: `Nova ${suffix()}` })).json<Robot>();
    const renamed = await update(robot.id, { name: `Supernova ${suffix()}` });
    expect(renamed.json<Robot>().slug).toBe(robot.slug);
    const remade = await update(robot.id, { slug: '' });
    expect(remade.json<Robot>().slug).toBe(renamed.json<Robot>().name.toLowerCase().replace(' ', '-'));
  });

  it('serves /robots/<slug> with the robot in its head and data, canonical at that address', async () => {
    const robot = await shop.newRobot({ name: `Falcon ${suffix()}`, description: { en: '<p>Fast and careful.</p>' } });
    const page = await shop.anonymous.get(`/robots/${robot.slug}`);
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain(`<title>${robot.name} | TradeBot Store</title>`);
    expect(page.body).toContain('<meta name="description" content="Fast and careful.">');
    expect(canonical(page.body)).toBe(`http://localhost:3000/robots/${robot.slug}`);
    expect(page.body).toContain(`"url":"http://localhost:3000/robots/${robot.slug}"`);
    expect(embeddedRobot(page.body)).toMatchObject({ id: robot.id, slug: robot.slug });

    const api = await shop.anonymous.get(`/api/robots/by-slug/${robot.slug.toUpperCase()}`);
    expect(api.statusCode).toBe(200);
    expect(api.json<Robot>()).toMatchObject({ id: robot.id, slug: robot.slug, name: robot.name });
    expect((await shop.anonymous.get('/api/robots/by-slug/no-such-robot')).statusCode).toBe(404);

    const sitemap = (await shop.anonymous.get('/sitemap.xml')).body;
    expect(sitemap).toContain(`<loc>http://localhost:3000/robots/${robot.slug}</loc>`);
    expect(sitemap).not.toContain('RobotDetail');
    expect((await shop.anonymous.get('/product.html')).body).toContain(`<a href="/robots/${robot.slug}"`);
  });

  it('answers the SPEC address and odd spellings with a 301 to /robots/<slug>, other parameters kept', async () => {
    const robot = await shop.newRobot({ name: `Titan ${suffix()}` });
    const spec = await shop.anonymous.get(`/RobotDetail?robotId=${robot.id}&utm_source=mail`);
    expect(spec.statusCode).toBe(301);
    expect(spec.headers.location).toBe(`/robots/${robot.slug}?utm_source=mail`);
    expect(spec.headers['cache-control']).toBe('no-cache');
    for (const odd of [`/Robots/${robot.slug.toUpperCase()}`, `/robots/${robot.slug}/`]) {
      const response = await shop.anonymous.get(odd);
      expect(response.statusCode, odd).toBe(301);
      expect(response.headers.location).toBe(`/robots/${robot.slug}`);
    }

    // As before for a robot nobody may see: the plain page, whose app says "Robot not found".
    const inactive = await shop.newRobot({ name: `Hidden ${suffix()}`, status: 'inactive' });
    for (const url of [
      `/RobotDetail?robotId=${randomUUID()}`,
      `/RobotDetail?robotId=${inactive.id}`,
      `/robots/${inactive.slug}`,
      '/robots/no-such-robot',
    ]) {
      const response = await shop.anonymous.get(url);
      expect(response.statusCode, url).toBe(200);
      expect(canonical(response.body), url).toBe('http://localhost:3000/RobotDetail');
      expect(embeddedRobot(response.body), url).toBeUndefined();
    }
    expect((await shop.anonymous.get(`/api/robots/by-slug/${inactive.slug}`)).statusCode).toBe(404);
  });

  it('keeps a renamed robot’s former addresses: each answers a 301 to the current one', async () => {
    const robot = await shop.newRobot({ name: `Polaris ${suffix()}` });
    const first = robot.slug;
    const second = `${first}-v2`;
    const third = `${first}-v3`;
    expect((await update(robot.id, { slug: second })).statusCode).toBe(200);
    expect((await update(robot.id, { slug: third })).statusCode).toBe(200);
    for (const former of [first, second]) {
      const response = await shop.anonymous.get(`/robots/${former}?ref=x`);
      expect(response.statusCode, former).toBe(301);
      expect(response.headers.location).toBe(`/robots/${third}?ref=x`);
      // The app, following a link inside the page, learns the current address from the API.
      expect((await shop.anonymous.get(`/api/robots/by-slug/${former}`)).json<Robot>().slug).toBe(third);
    }
    // Going back to a former slug makes it current again; the one it replaces redirects.
    expect((await update(robot.id, { slug: first })).statusCode).toBe(200);
    expect((await shop.anonymous.get(`/robots/${first}`)).statusCode).toBe(200);
    expect((await shop.anonymous.get(`/robots/${third}`)).headers.location).toBe(`/robots/${first}`);

    // A slug made from a name never takes over another robot's former address…
    const namesake = (await create({ name: second.replace(/-/g, ' ') })).json<Robot>();
    expect(namesake.slug).not.toBe(second);
    expect((await shop.anonymous.get(`/robots/${second}`)).headers.location).toBe(`/robots/${first}`);
    // …but an administrator may give it to another robot, whose address it then is.
    expect((await update(namesake.id, { slug: second })).statusCode).toBe(200);
    expect((await shop.anonymous.get(`/robots/${second}`)).statusCode).toBe(200);
    expect(embeddedRobot((await shop.anonymous.get(`/robots/${second}`)).body)?.id).toBe(namesake.id);

    // A deleted robot takes its former addresses along.
    expect((await shop.admin.delete(`/api/admin/robots/${robot.id}`)).statusCode).toBe(204);
    const gone = await shop.anonymous.get(`/robots/${third}`);
    expect(gone.statusCode).toBe(200);
    expect(embeddedRobot(gone.body)).toBeUndefined();
    const history = await shop.app.database.db
      .selectFrom('robot_slug_history')
      .select('slug')
      .where('robot_id', '=', robot.id)
      .execute();
    expect(history).toEqual([]);
  });
});

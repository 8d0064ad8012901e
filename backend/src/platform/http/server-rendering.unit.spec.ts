import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import { APP_SCRIPTS_ELEMENT_ID, ARRIVAL_EVENTS_ELEMENT_ID, SERVER_STATE_ELEMENT_ID } from '@sparkhouse/contracts';
import { ServerRendering, withInlineStyles, withoutAppScripts, withRenderedPage } from './server-rendering';

const INDEX =
  '<html><head><link rel="stylesheet" crossorigin href="/assets/app-1.css"><script type="module" src="/assets/a.js"></script></head>' +
  '<body><div id="root"></div></body></html>';

/** A built web app in a temporary folder: dist/ with its index.html and CSS, dist-server/ with a bundle written by the test. */
function builtApp(bundle: string | null) {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'server-rendering-'));
  fs.mkdirSync(path.join(dir, 'dist/assets'), { recursive: true });
  fs.writeFileSync(path.join(dir, 'dist/index.html'), INDEX);
  fs.writeFileSync(path.join(dir, 'dist/assets/app-1.css'), '.hero{color:red}');
  if (bundle !== null) {
    fs.mkdirSync(path.join(dir, 'dist-server'));
    fs.writeFileSync(path.join(dir, 'dist-server/entry-server.cjs'), bundle);
  }
  return new ServerRendering({ FRONTEND_DIST: path.join(dir, 'dist') });
}

/** A bundle that renders the answers it is given and counts its renders (in the page, so a cached page shows the old count). */
const ECHO_BUNDLE = `
let renders = 0;
exports.renderPage = async (path, answers) => {
  if (path !== '/') return null;
  if (answers.getHomeContent && answers.getHomeContent.fail) throw new Error('render failed');
  renders += 1;
  return { html: '<h1>' + answers.getHomeContent.title + '</h1><p>render ' + renders + '</p>', state: { answers } };
};`;

describe('server rendering', () => {
  it('puts the page into the root and its state into a JSON block that no answer can end', () => {
    const html = withRenderedPage(INDEX, { html: '<h1>Hi</h1>', state: { title: '</script><script>alert(1)</script>' } });
    expect(html).toContain('<div id="root"><h1>Hi</h1></div>');
    const block = html.match(new RegExp(`<script type="application/json" id="${SERVER_STATE_ELEMENT_ID}">(.*?)</script>`))!;
    expect(block[1]).not.toContain('<');
    expect(JSON.parse(block[1])).toEqual({ title: '</script><script>alert(1)</script>' });
  });

  it("sends a rendered page without the app's scripts, named in a JSON block for theme-init.js to ask for after its paint", () => {
    const index = INDEX.replace(
      '</head>',
      '<link rel="modulepreload" crossorigin href="/assets/framework-1.js">\n<link rel="modulepreload" crossorigin href="/assets/ui-2.js"></head>',
    );
    const html = withRenderedPage(index, { html: '<h1>Hi</h1>', state: {} });
    expect(html).not.toMatch(/<script type="module"|modulepreload/);
    const block = html.match(new RegExp(`<script type="application/json" id="${APP_SCRIPTS_ELEMENT_ID}">(.*?)</script>`))!;
    expect(JSON.parse(block[1])).toEqual({ entry: '/assets/a.js', preload: ['/assets/framework-1.js', '/assets/ui-2.js'] });
    // the development server's index.html (no built entry) and a page that is not rendered keep their scripts
    const dev = '<html><head><script type="module" src="/src/main.tsx"></script></head><body><div id="root"></div></body></html>';
    expect(withoutAppScripts(dev)).toBeNull();
    expect(withRenderedPage(dev, { html: '<h1>Hi</h1>', state: {} })).toContain('<script type="module" src="/src/main.tsx">');
    expect(withRenderedPage(dev, { html: '<h1>Hi</h1>', state: {} })).not.toContain(APP_SCRIPTS_ELEMENT_ID);
  });

  it('carries the analytics events the app records on arrival in a JSON block of their own, for theme-init.js', () => {
    const arrival = {
      url: '/api/data',
      api_key: 'sparkhouse-web',
      redact: ['code'],
      events: [
        { event_type: 'Page Viewed', event_properties: { route: '/apps/:storefrontSlug/:appSlug' } },
        { event_type: 'product landing', event_properties: { storefrontSlug: 'casey', appSlug: '</script>' } },
      ],
    };
    const html = withRenderedPage(INDEX, { html: '<h1>Hi</h1>', state: {}, arrival });
    const block = html.match(new RegExp(`<script type="application/json" id="${ARRIVAL_EVENTS_ELEMENT_ID}">(.*?)</script>`))!;
    expect(block[1]).not.toContain('<');
    expect(JSON.parse(block[1])).toEqual(arrival);
    // a page rendered without them has no such block
    expect(withRenderedPage(INDEX, { html: '<h1>Hi</h1>', state: {} })).not.toContain(ARRIVAL_EVENTS_ELEMENT_ID);
  });

  it('inlines the stylesheets it can read and keeps the link of one it cannot', () => {
    const index = INDEX.replace('</head>', '<link rel="stylesheet" href="/assets/gone.css"></head>');
    const html = withInlineStyles(index, (href) => (href === '/assets/app-1.css' ? 'a{b:c}</style><i>' : null));
    expect(html).toContain('<style>a{b:c}<\\/style><i></style>');
    expect(html).not.toContain('href="/assets/app-1.css"');
    expect(html).toContain('<link rel="stylesheet" href="/assets/gone.css">');
  });

  it('renders a registered page with its answers, compressed, and renders again only when they change', async () => {
    const rendering = builtApp(ECHO_BUNDLE);
    let title = 'Learn';
    rendering.register('/', async () => ({ getHomeContent: { title } }));
    expect(rendering.renders('/')).toBe(true);
    expect(rendering.renders('/browse')).toBe(false);

    const first = (await rendering.render('/', INDEX))!;
    expect(first.html).toContain('<div id="root"><h1>Learn</h1><p>render 1</p></div>');
    expect(first.html).toContain('<style>.hero{color:red}</style>');
    expect(zlib.brotliDecompressSync(first.br).toString()).toBe(first.html);
    expect(zlib.gunzipSync(first.gzip).toString()).toBe(first.html);

    expect((await rendering.render('/', INDEX))!.html).toContain('render 1');
    title = 'Create';
    const changed = (await rendering.render('/', INDEX))!;
    expect(changed.html).toContain('<h1>Create</h1><p>render 2</p>');
  });

  it('sends the plain page when the bundle is missing, broken, or its render fails', async () => {
    for (const bundle of [null, 'throw new Error("broken bundle")']) {
      const rendering = builtApp(bundle);
      rendering.register('/', async () => ({ getHomeContent: { title: 'x' } }));
      await expect(rendering.render('/', INDEX)).resolves.toBeNull();
    }
    const failing = builtApp(ECHO_BUNDLE);
    failing.register('/', async () => ({ getHomeContent: { fail: true } }));
    await expect(failing.render('/', INDEX)).resolves.toBeNull();
    const noAnswers = builtApp(ECHO_BUNDLE);
    noAnswers.register('/', () => Promise.reject(new Error('database down')));
    await expect(noAnswers.render('/', INDEX)).resolves.toBeNull();
    await expect(noAnswers.render('/browse', INDEX)).resolves.toBeNull();
  });
});

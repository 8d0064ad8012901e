import { decodeHtml, readPageMeta } from './page-meta';

describe('readPageMeta', () => {
  it('prefers Open Graph, then HTML meta and the title, and makes the image absolute', () => {
    const meta = readPageMeta(
      `<html><head><title> Plain  title </title><meta name="description" content="Meta description.">
       <meta property="og:image" content="../pics/a.png"></head><body><p>Body text here.</p></body></html>`,
      'https://example.com/blog/post',
    );
    expect(meta).toMatchObject({
      title: 'Plain title',
      description: 'Meta description.',
      image: 'https://example.com/pics/a.png',
      siteName: null,
    });
  });

  it('keeps visible text and headings, never script, style or template text', () => {
    const meta = readPageMeta(
      `<body><h1>One</h1><script>alert("no")</script><style>p{color:red}</style><template>hidden</template>
       <h2>Two &amp; more</h2><p>Seen</p><noscript>enable js</noscript></body>`,
      'https://example.com/',
    );
    expect(meta.headings).toEqual(['One', 'Two & more']);
    expect(meta.text).toBe('One Two & more Seen');
  });

  it('refuses an image that is not http(s) and bounds the text', () => {
    const meta = readPageMeta(
      `<meta property="og:image" content="javascript:alert(1)"><p>${'word '.repeat(1000)}</p>`,
      'https://e.com/',
      100,
    );
    expect(meta.image).toBeNull();
    expect(meta.text.length).toBeLessThanOrEqual(100);
  });

  it('decodes the declared charset', () => {
    const latin1 = Buffer.from('<meta charset="iso-8859-1"><title>Caf\xe9</title>', 'latin1');
    expect(readPageMeta(decodeHtml(latin1, 'text/html'), 'https://e.com/').title).toBe('Café');
  });
});

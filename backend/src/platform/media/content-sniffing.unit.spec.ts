import sharp from 'sharp';
import { sniffFormat } from './content-sniffing';

const bytes = (...parts: (string | number[] | Buffer)[]) =>
  Buffer.concat(parts.map((p) => (typeof p === 'string' ? Buffer.from(p, 'latin1') : Buffer.from(p))));
const padded = (head: Buffer, size = 4100) => Buffer.concat([head, Buffer.alloc(Math.max(0, size - head.length))]);

describe('content sniffing: the kind of a file comes from its bytes', () => {
  const image = (format: 'png' | 'jpeg' | 'webp' | 'gif') =>
    sharp({ create: { width: 8, height: 8, channels: 3, background: '#5b4cf0' } })
      .toFormat(format)
      .toBuffer();

  it.each([
    ['png', 'image', 'png'],
    ['jpeg', 'image', 'jpg'],
    ['webp', 'image', 'webp'],
    ['gif', 'image', 'gif'],
  ] as const)('recognises a %s image', async (format, type, ext) => {
    expect(await sniffFormat(await image(format))).toMatchObject({ type, ext });
  });

  it('recognises video, audio and PDF headers', async () => {
    const mp4 = padded(bytes([0, 0, 0, 0x18], 'ftypisom', [0, 0, 2, 0], 'isomiso2'));
    const quicktime = padded(bytes([0, 0, 0, 0x14], 'ftypqt  ', [0, 0, 2, 0], 'qt  '));
    const wav = padded(bytes('RIFF', [0x24, 0, 0, 0], 'WAVEfmt '));
    const mp3Frame = bytes([0xff, 0xfb, 0x90, 0x64], Buffer.alloc(413));
    const mp3 = Buffer.concat(Array.from({ length: 10 }, () => mp3Frame));
    const flac = padded(bytes('fLaC', [0, 0, 0, 0x22]));
    const pdf = padded(bytes('%PDF-1.7\n%\xe2\xe3\xcf\xd3\n'));
    expect(await sniffFormat(mp4)).toMatchObject({ type: 'video', ext: 'mp4' });
    expect(await sniffFormat(quicktime)).toMatchObject({ type: 'video', ext: 'mov' });
    expect(await sniffFormat(wav)).toMatchObject({ type: 'audio', ext: 'wav' });
    expect(await sniffFormat(mp3)).toMatchObject({ type: 'audio', ext: 'mp3' });
    expect(await sniffFormat(flac)).toMatchObject({ type: 'audio', ext: 'flac' });
    expect(await sniffFormat(pdf)).toMatchObject({ type: 'pdf', ext: 'pdf', mimeType: 'application/pdf' });
  });

  it('ignores what a file claims to be: a PNG is an image whatever its name, HTML is refused', async () => {
    expect(await sniffFormat(await image('png'))).toMatchObject({ type: 'image' });
    expect(await sniffFormat(Buffer.from('<!doctype html><html><script>alert(1)</script></html>'))).toBeNull();
  });

  it.each([
    ['SVG (can carry script)', bytes('<?xml version="1.0"?><svg xmlns="http://www.w3.org/2000/svg"><script>x()</script></svg>')],
    ['plain text', bytes('just some words, not a media file at all')],
    ['a ZIP archive', padded(bytes('PK', [3, 4, 20, 0, 0, 0, 8, 0]))],
    ['an ELF executable', padded(bytes([0x7f], 'ELF', [2, 1, 1, 0]))],
    ['a Windows executable', padded(bytes('MZ', [0x90, 0, 3, 0]))],
    ['Matroska video', padded(bytes([0x1a, 0x45, 0xdf, 0xa3, 0x93, 0x42, 0x82, 0x88], 'matroska'))],
    ['nothing', Buffer.alloc(0)],
  ])('refuses %s', async (_name, head) => {
    expect(await sniffFormat(head)).toBeNull();
  });
});

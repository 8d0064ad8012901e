import fs from 'node:fs';
import { promisify } from 'node:util';
import type { MediaType } from '@sparkhouse/contracts';
import type { SniffedFormat } from './content-sniffing';
import { quickFileCall } from './file-sink';

const openFile = promisify(fs.open);
const statFile = promisify(fs.fstat);
const readAt = promisify(fs.read);
const closeFile = promisify(fs.close);

/**
 * What an upload's own headers say, read while the upload is answered: an image's size, a video's
 * or audio file's duration, tracks and codecs. Only the container's headers are read (a few small
 * reads, whatever the file's size), never the pictures or the sound; the thumbnail or poster frame and
 * what only a decoder can tell come afterwards, from the media-reading job. A container whose headers
 * are not what its first bytes promised is unreadable (the upload is refused).
 */
export interface MediaFacts {
  /** The kind it is stored as: a video container with no picture track is an audio file. */
  type: MediaType;
  /** The extension it is stored under (media-keys.ts FORMATS). */
  ext: string;
  metadata: Record<string, unknown>;
}

/** The file's headers do not read as the format its first bytes announced. */
export class UnreadableHeadersError extends Error {
  constructor(readonly type: MediaType) {
    super(`the ${type} could not be read`);
  }
}

/** Positioned reads of a file (only what is asked for is read). */
interface Source {
  size: number;
  read(at: number, length: number): Promise<Buffer>;
}

/** At most this much of a container's header box (an MP4's moov, a WebM's head) is read. */
const MAX_HEADER_BYTES = 16 * 1024 * 1024;
/** A WebM's tracks are looked for in this much of its start. */
const WEBM_HEAD_BYTES = 1024 * 1024;

export async function readMediaFacts(file: string, format: SniffedFormat): Promise<MediaFacts> {
  // the file was just written, so its headers are in the page cache: reading them on the event loop's
  // thread costs a few copies, where each read handed to libuv's thread pool would wait behind every
  // other upload's work (and while the disk is slow, quickFileCall hands them over after all)
  const fd = await quickFileCall(
    () => fs.openSync(file, 'r'),
    () => openFile(file, 'r'),
  );
  try {
    const size = (
      await quickFileCall(
        () => fs.fstatSync(fd),
        () => statFile(fd),
      )
    ).size;
    const source: Source = {
      size,
      async read(at, length) {
        const n = Math.max(0, Math.min(length, size - at));
        if (n === 0) return Buffer.alloc(0);
        const buffer = Buffer.allocUnsafe(n);
        const bytesRead = await quickFileCall(
          () => fs.readSync(fd, buffer, 0, n, at),
          async () => (await readAt(fd, buffer, 0, n, at)).bytesRead,
        );
        return buffer.subarray(0, bytesRead);
      },
    };
    return await factsOf(source, format);
  } finally {
    await quickFileCall(
      () => fs.closeSync(fd),
      () => closeFile(fd),
    );
  }
}

async function factsOf(source: Source, format: SniffedFormat): Promise<MediaFacts> {
  const plain = (metadata: Record<string, unknown> = {}): MediaFacts => ({ type: format.type, ext: format.ext, metadata });
  switch (format.ext) {
    case 'png':
    case 'gif':
    case 'webp':
    case 'jpg':
    case 'avif':
      return plain(await imageSize(source, format.ext));
    case 'mp4':
    case 'mov':
    case 'm4a':
      return isoMedia(source, format);
    case 'webm':
      return webm(source, format);
    case 'wav':
      return plain(await wav(source));
    default:
      // mp3, ogg, opus, flac, aac, pdf: nothing read here (the media-reading job reads the sound files)
      return plain();
  }
}

// ---- images -------------------------------------------------------------------------------------

async function imageSize(source: Source, ext: string): Promise<Record<string, unknown>> {
  // the headers of PNG, GIF and WebP sit in their first bytes
  const head = ext === 'png' || ext === 'gif' || ext === 'webp' ? await source.read(0, 64) : Buffer.alloc(0);
  const size =
    ext === 'png'
      ? png(head)
      : ext === 'gif'
        ? gif(head)
        : ext === 'webp'
          ? webp(head)
          : ext === 'jpg'
            ? await jpeg(source)
            : avif(await isoHead(source));
  if (!size || !(size.width > 0) || !(size.height > 0)) throw new UnreadableHeadersError('image');
  return size;
}

function png(b: Buffer) {
  // signature, then IHDR: length, "IHDR", width, height
  if (b.length < 24 || b.toString('latin1', 12, 16) !== 'IHDR') return null;
  return { width: b.readUInt32BE(16), height: b.readUInt32BE(20) };
}

function gif(b: Buffer) {
  if (b.length < 10) return null;
  return { width: b.readUInt16LE(6), height: b.readUInt16LE(8) };
}

function webp(b: Buffer) {
  if (b.length < 30) return null;
  const chunk = b.toString('latin1', 12, 16);
  if (chunk === 'VP8 ') return { width: b.readUInt16LE(26) & 0x3fff, height: b.readUInt16LE(28) & 0x3fff };
  if (chunk === 'VP8L') {
    const bits = b.readUInt32LE(21);
    return { width: (bits & 0x3fff) + 1, height: ((bits >> 14) & 0x3fff) + 1 };
  }
  if (chunk === 'VP8X') return { width: b.readUIntLE(24, 3) + 1, height: b.readUIntLE(27, 3) + 1 };
  return null;
}

/** A JPEG's frame header (SOF) gives its size; its EXIF orientation 5-8 turns it a quarter (width and height as people see it). */
async function jpeg(source: Source) {
  let at = 2;
  let orientation = 1;
  while (at + 4 <= source.size) {
    const marker = await source.read(at, 4);
    if (marker[0] !== 0xff) return null;
    const code = marker[1];
    if (code === 0xff) {
      at += 1; // fill byte
      continue;
    }
    if (code === 0xd8 || (code >= 0xd0 && code <= 0xd7) || code === 0x01) {
      at += 2; // markers without a length
      continue;
    }
    const length = marker.readUInt16BE(2);
    if (length < 2) return null;
    const isFrame = code >= 0xc0 && code <= 0xcf && code !== 0xc4 && code !== 0xc8 && code !== 0xcc;
    if (isFrame) {
      const frame = await source.read(at + 4, 5);
      if (frame.length < 5) return null;
      const height = frame.readUInt16BE(1);
      const width = frame.readUInt16BE(3);
      return orientation >= 5 ? { width: height, height: width } : { width, height };
    }
    if (code === 0xe1) orientation = exifOrientation(await source.read(at + 4, Math.min(length - 2, 64 * 1024))) ?? orientation;
    if (code === 0xda) return null; // the picture data began before any frame header
    at += 2 + length;
  }
  return null;
}

function exifOrientation(app1: Buffer): number | null {
  if (app1.length < 14 || app1.toString('latin1', 0, 6) !== 'Exif\0\0') return null;
  const tiff = app1.subarray(6);
  const little = tiff.toString('latin1', 0, 2) === 'II';
  const u16 = (o: number) => (little ? tiff.readUInt16LE(o) : tiff.readUInt16BE(o));
  const u32 = (o: number) => (little ? tiff.readUInt32LE(o) : tiff.readUInt32BE(o));
  if (tiff.length < 8) return null;
  const ifd = u32(4);
  if (ifd + 2 > tiff.length) return null;
  const entries = u16(ifd);
  for (let i = 0; i < entries; i++) {
    const entry = ifd + 2 + i * 12;
    if (entry + 12 > tiff.length) return null;
    if (u16(entry) === 0x0112) return u16(entry + 8);
  }
  return null;
}

/** An AVIF's image size: the largest `ispe` property of its meta box. */
function avif(boxes: IsoBox[] | null) {
  const meta = boxes?.find((b) => b.type === 'meta');
  if (!meta) return null;
  let best: { width: number; height: number } | null = null;
  const ipco = findPath(children(meta.body, 4), ['iprp', 'ipco']);
  for (const prop of ipco ? children(ipco.body) : []) {
    if (prop.type !== 'ispe' || prop.body.length < 12) continue;
    const size = { width: prop.body.readUInt32BE(4), height: prop.body.readUInt32BE(8) };
    if (!best || size.width * size.height > best.width * best.height) best = size;
  }
  return best;
}

// ---- ISO base media (MP4, MOV, M4A, AVIF) -----------------------------------------------------

interface IsoBox {
  type: string;
  body: Buffer;
}

/** The top-level boxes of a file, with the bodies of the small header boxes (moov, meta, ftyp) read; null when they do not add up. */
async function isoHead(source: Source): Promise<IsoBox[] | null> {
  const found: IsoBox[] = [];
  let at = 0;
  while (at + 8 <= source.size) {
    const header = await source.read(at, 16);
    let size = header.readUInt32BE(0);
    const type = header.toString('latin1', 4, 8);
    let headerSize = 8;
    if (size === 1) {
      if (header.length < 16) return null;
      size = Number(header.readBigUInt64BE(8));
      headerSize = 16;
    } else if (size === 0) size = source.size - at;
    if (size < headerSize || at + size > source.size || !/^[\x20-\x7e]{4}$/.test(type)) return null;
    const wanted = type === 'moov' || type === 'meta' || type === 'ftyp';
    if (wanted && size > MAX_HEADER_BYTES) return null;
    found.push({ type, body: wanted ? await source.read(at + headerSize, size - headerSize) : Buffer.alloc(0) });
    at += size;
  }
  return found.length > 0 ? found : null;
}

/** The boxes inside a body (after `skip` bytes: a full box's version and flags). */
function children(body: Buffer, skip = 0): IsoBox[] {
  const out: IsoBox[] = [];
  let at = skip;
  while (at + 8 <= body.length) {
    let size = body.readUInt32BE(at);
    let headerSize = 8;
    if (size === 1) {
      if (at + 16 > body.length) break;
      size = Number(body.readBigUInt64BE(at + 8));
      headerSize = 16;
    } else if (size === 0) size = body.length - at;
    if (size < headerSize || at + size > body.length) break;
    out.push({ type: body.toString('latin1', at + 4, at + 8), body: body.subarray(at + headerSize, at + size) });
    at += size;
  }
  return out;
}

function findPath(boxes: IsoBox[], path: string[]): IsoBox | null {
  let current: IsoBox | undefined;
  let level = boxes;
  for (const type of path) {
    current = level.find((b) => b.type === type);
    if (!current) return null;
    level = children(current.body);
  }
  return current ?? null;
}

const ISO_VIDEO_CODECS: Record<string, string> = {
  avc1: 'h264',
  avc3: 'h264',
  hvc1: 'hevc',
  hev1: 'hevc',
  av01: 'av1',
  vp09: 'vp9',
  vp08: 'vp8',
  mp4v: 'mpeg4',
  jpeg: 'mjpeg',
  apcn: 'prores',
  apch: 'prores',
};
const ISO_AUDIO_CODECS: Record<string, string> = {
  mp4a: 'aac',
  Opus: 'opus',
  'ac-3': 'ac3',
  'ec-3': 'eac3',
  alac: 'alac',
  fLaC: 'flac',
  '.mp3': 'mp3',
  lpcm: 'pcm',
  sowt: 'pcm_s16le',
  twos: 'pcm_s16be',
};

async function isoMedia(source: Source, format: SniffedFormat): Promise<MediaFacts> {
  const boxes = await isoHead(source);
  const moov = boxes?.find((b) => b.type === 'moov');
  if (!moov) throw new UnreadableHeadersError(format.type);
  const inside = children(moov.body);
  const mvhd = inside.find((b) => b.type === 'mvhd');
  let durationSeconds: number | null = null;
  if (mvhd && mvhd.body.length >= 20) {
    const v1 = mvhd.body[0] === 1;
    const timescale = mvhd.body.readUInt32BE(v1 ? 20 : 12);
    const duration = v1 ? Number(mvhd.body.readBigUInt64BE(24)) : mvhd.body.readUInt32BE(16);
    if (timescale > 0) durationSeconds = rounded(duration / timescale);
  }
  let video: { width: number; height: number; codec: string } | null = null;
  let audio: { codec: string; sampleRate: number; channels: number } | null = null;
  for (const trak of inside.filter((b) => b.type === 'trak')) {
    const parts = children(trak.body);
    const handler = findPath(parts, ['mdia', 'hdlr'])?.body.toString('latin1', 8, 12);
    const stsd = findPath(parts, ['mdia', 'minf', 'stbl', 'stsd']);
    const entry = stsd && stsd.body.length >= 16 ? stsd.body.subarray(8) : null; // version, flags, entry count
    const fourcc = entry && entry.length >= 8 ? entry.toString('latin1', 4, 8) : '';
    if (handler === 'vide' && !video) {
      const tkhd = parts.find((b) => b.type === 'tkhd');
      const at = tkhd ? (tkhd.body[0] === 1 ? 88 : 76) : 0;
      const width = tkhd && tkhd.body.length >= at + 8 ? tkhd.body.readUInt32BE(at) / 65536 : 0;
      const height = tkhd && tkhd.body.length >= at + 8 ? tkhd.body.readUInt32BE(at + 4) / 65536 : 0;
      video = { width: Math.round(width), height: Math.round(height), codec: ISO_VIDEO_CODECS[fourcc] ?? fourcc };
    } else if (handler === 'soun' && !audio) {
      // the sample entry's channel count and rate are often placeholders (AAC keeps the real ones in
      // its decoder configuration): those come from the reading job
      audio = { codec: ISO_AUDIO_CODECS[fourcc] ?? fourcc, sampleRate: 0, channels: 0 };
    }
  }
  if (!video && !audio) throw new UnreadableHeadersError(format.type);
  return timedFacts(format, durationSeconds, video, audio);
}

// ---- WebM (Matroska) -----------------------------------------------------------------------------

const EBML = { segment: 0x18538067, info: 0x1549a966, tracks: 0x1654ae6b, cluster: 0x1f43b675 } as const;

/** One EBML variable-length integer at `at`: its value (marker bit removed unless `keepMarker`) and length. */
function vint(b: Buffer, at: number, keepMarker: boolean): { value: number; length: number; unknown: boolean } | null {
  const first = b[at];
  if (first === undefined || first === 0) return null;
  let length = 1;
  while (!(first & (0x80 >> (length - 1)))) length++;
  if (at + length > b.length) return null;
  let value = keepMarker ? first : first & (0xff >> length);
  let allOnes = value === 0xff >> length;
  for (let i = 1; i < length; i++) {
    value = value * 256 + b[at + i];
    if (b[at + i] !== 0xff) allOnes = false;
  }
  return { value, length, unknown: !keepMarker && allOnes };
}

interface EbmlElement {
  id: number;
  body: Buffer;
}

function elements(b: Buffer, from = 0, to = b.length): EbmlElement[] {
  const out: EbmlElement[] = [];
  let at = from;
  while (at < to) {
    const id = vint(b, at, true);
    if (!id) break;
    const size = vint(b, at + id.length, false);
    if (!size) break;
    const start = at + id.length + size.length;
    const end = size.unknown ? to : Math.min(to, start + size.value);
    out.push({ id: id.value, body: b.subarray(start, end) });
    if (size.unknown || start + size.value > to) break;
    at = end;
  }
  return out;
}

const uint = (b: Buffer) => b.reduce((v, byte) => v * 256 + byte, 0);
const float = (b: Buffer) => (b.length === 4 ? b.readFloatBE(0) : b.length === 8 ? b.readDoubleBE(0) : NaN);

const WEBM_CODECS: Record<string, string> = {
  V_VP8: 'vp8',
  V_VP9: 'vp9',
  V_AV1: 'av1',
  'V_MPEG4/ISO/AVC': 'h264',
  A_OPUS: 'opus',
  A_VORBIS: 'vorbis',
  A_AAC: 'aac',
  A_FLAC: 'flac',
};

async function webm(source: Source, format: SniffedFormat): Promise<MediaFacts> {
  const head = await source.read(0, WEBM_HEAD_BYTES);
  const top = elements(head);
  const segment = top.find((e) => e.id === EBML.segment);
  if (!segment) throw new UnreadableHeadersError(format.type);
  let durationSeconds: number | null = null;
  let video: { width: number; height: number; codec: string } | null = null;
  let audio: { codec: string; sampleRate: number; channels: number } | null = null;
  let sawTracks = false;
  for (const part of elements(segment.body)) {
    if (part.id === EBML.cluster) break;
    if (part.id === EBML.info) {
      const fields = elements(part.body);
      const scale = fields.find((f) => f.id === 0x2ad7b1);
      const duration = fields.find((f) => f.id === 0x4489);
      const ns = scale ? uint(scale.body) : 1_000_000;
      if (duration && Number.isFinite(float(duration.body))) durationSeconds = rounded((float(duration.body) * ns) / 1e9);
    } else if (part.id === EBML.tracks) {
      sawTracks = true;
      for (const track of elements(part.body).filter((e) => e.id === 0xae)) {
        const fields = elements(track.body);
        const kind = fields.find((f) => f.id === 0x83);
        const codecId = fields.find((f) => f.id === 0x86)?.body.toString('latin1') ?? '';
        const codec = WEBM_CODECS[codecId] ?? codecId.toLowerCase();
        if (kind && uint(kind.body) === 1 && !video) {
          const pictures = elements(fields.find((f) => f.id === 0xe0)?.body ?? Buffer.alloc(0));
          const width = pictures.find((f) => f.id === 0xb0);
          const height = pictures.find((f) => f.id === 0xba);
          video = { width: width ? uint(width.body) : 0, height: height ? uint(height.body) : 0, codec };
        } else if (kind && uint(kind.body) === 2 && !audio) {
          const sound = elements(fields.find((f) => f.id === 0xe1)?.body ?? Buffer.alloc(0));
          const rate = sound.find((f) => f.id === 0xb5);
          const channels = sound.find((f) => f.id === 0x9f);
          audio = { codec, sampleRate: rate ? Math.round(float(rate.body)) : 0, channels: channels ? uint(channels.body) : 1 };
        }
      }
    }
  }
  // tracks past the first megabyte are left to the media-reading job (the upload keeps its sniffed kind)
  if (!sawTracks) return { type: format.type, ext: format.ext, metadata: durationSeconds === null ? {} : { durationSeconds } };
  if (!video && !audio) throw new UnreadableHeadersError(format.type);
  return timedFacts(format, durationSeconds, video, audio);
}

// ---- WAV -------------------------------------------------------------------------------------------

const WAV_CODECS: Record<number, (bits: number) => string> = {
  1: (bits) => (bits === 8 ? 'pcm_u8' : `pcm_s${bits}le`),
  3: (bits) => `pcm_f${bits}le`,
  6: () => 'pcm_alaw',
  7: () => 'pcm_mulaw',
};

async function wav(source: Source): Promise<Record<string, unknown>> {
  let at = 12;
  let fmt: Buffer | null = null;
  while (at + 8 <= source.size) {
    const header = await source.read(at, 8);
    const id = header.toString('latin1', 0, 4);
    const size = header.readUInt32LE(4);
    if (id === 'fmt ') fmt = await source.read(at + 8, Math.min(size, 64));
    if (id === 'data') {
      if (!fmt || fmt.length < 16) break;
      const format = fmt.readUInt16LE(0) === 0xfffe && fmt.length >= 26 ? fmt.readUInt16LE(24) : fmt.readUInt16LE(0);
      const channels = fmt.readUInt16LE(2);
      const sampleRate = fmt.readUInt32LE(4);
      const byteRate = fmt.readUInt32LE(8);
      const bits = fmt.readUInt16LE(14);
      const dataBytes = Math.min(size, source.size - at - 8);
      return {
        durationSeconds: byteRate > 0 ? rounded(dataBytes / byteRate) : null,
        audioCodec: WAV_CODECS[format]?.(bits) ?? `wav format ${format}`,
        sampleRate,
        channels,
      };
    }
    at += 8 + size + (size % 2);
  }
  throw new UnreadableHeadersError('audio');
}

// ---- shared --------------------------------------------------------------------------------------

const rounded = (seconds: number) => (Number.isFinite(seconds) && seconds >= 0 ? Math.round(seconds * 100) / 100 : null);

/** A container's facts: a video when it holds a picture track, else an audio file (stored under an audio extension). */
function timedFacts(
  format: SniffedFormat,
  durationSeconds: number | null,
  video: { width: number; height: number; codec: string } | null,
  audio: { codec: string; sampleRate: number; channels: number } | null,
): MediaFacts {
  const type: MediaType = video ? 'video' : 'audio';
  const ext = type === 'audio' && format.type === 'video' ? (format.ext === 'webm' ? 'weba' : 'm4a') : format.ext;
  return {
    type,
    ext,
    metadata: {
      durationSeconds,
      ...(video ? { width: video.width, height: video.height, videoCodec: video.codec } : {}),
      ...(audio
        ? { audioCodec: audio.codec, sampleRate: audio.sampleRate || undefined, channels: audio.channels || undefined }
        : {}),
    },
  };
}

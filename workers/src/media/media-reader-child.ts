// The media reader's own process (started by media-reader.ts): decodes uploaded files — thumbnails
// with sharp, probes and poster frames with ffprobe and ffmpeg — one request at a time per slot, at a
// lower CPU priority than everything else of the product, so a burst of uploads being read never
// slows the requests and jobs people are waiting on. A hostile or huge file can only exhaust this
// process, which is started again.
import os from 'node:os';
import sharp from 'sharp';
import { readUpload, UnreadableMediaError, type MediaTools } from './upload-reading';
import type { ReadReply, ReadRequest } from './media-reader';

// (on Linux this thread's priority, which the threads and tools it starts afterwards inherit)
try {
  os.setPriority(os.constants.priority.PRIORITY_BELOW_NORMAL);
} catch {
  // not allowed here: read at the normal priority
}
// decoded pictures are used once: libvips' cache would only keep memory
sharp.cache(false);
sharp.concurrency(1);

const tools: MediaTools = {
  ffmpeg: process.env.MEDIA_READER_FFMPEG ?? 'ffmpeg',
  ffprobe: process.env.MEDIA_READER_FFPROBE ?? 'ffprobe',
};

process.on('message', (request: ReadRequest) => {
  readUpload(request.file, request.type, request.thumbnail, tools).then(
    (reading) => reply({ id: request.id, ok: true, reading }),
    (err: Error) =>
      reply({
        id: request.id,
        ok: false,
        unreadable: err instanceof UnreadableMediaError ? err.type : null,
        message: err.message,
      }),
  );
});
// the worker went away: so does its reader
process.on('disconnect', () => process.exit(0));

function reply(message: ReadReply) {
  process.send?.(message);
}

// The bare baseline of the media bench: node:http + busboy streaming each multipart upload's file
// part to a file on disk, as the least any upload server does. No auth, no content sniffing, no size
// limits, no thumbnails, no database: POST /upload answers 201 { size } once the file is written.
// Env: PORT, UPLOAD_DIR.
import fs from 'node:fs';
import http from 'node:http';
import path from 'node:path';
import { randomUUID } from 'node:crypto';
import { pipeline } from 'node:stream/promises';
import busboy from 'busboy';

const dir = process.env.UPLOAD_DIR;
fs.mkdirSync(dir, { recursive: true });

const send = (res, status, value) => {
  const body = JSON.stringify(value);
  res.writeHead(status, { 'content-type': 'application/json; charset=utf-8', 'content-length': Buffer.byteLength(body) });
  res.end(body);
};

const server = http.createServer((req, res) => {
  if (req.method !== 'POST' || req.url !== '/upload') return send(res, 404, { message: 'No such route' });
  let parser;
  try {
    parser = busboy({ headers: req.headers });
  } catch {
    return send(res, 400, { message: 'not multipart' });
  }
  let written = null;
  parser.on('file', (_name, stream) => {
    const target = path.join(dir, randomUUID());
    let size = 0;
    stream.on('data', (c) => (size += c.length));
    written = pipeline(stream, fs.createWriteStream(target)).then(() => size);
  });
  parser.on('close', () => {
    if (!written) return send(res, 400, { message: 'no file' });
    written.then(
      (size) => send(res, 201, { size }),
      (err) => send(res, 500, { message: String(err) }),
    );
  });
  parser.on('error', (err) => send(res, 400, { message: String(err) }));
  req.pipe(parser);
});
server.listen(Number(process.env.PORT), '127.0.0.1', () => console.log(`bare upload server on ${process.env.PORT}`));
process.on('SIGTERM', () => server.close(() => process.exit(0)));

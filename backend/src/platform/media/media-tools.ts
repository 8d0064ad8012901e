/** The ffmpeg and ffprobe binaries shipped inside their registry packages (never downloaded at run time). */
// eslint-disable-next-line @typescript-eslint/no-require-imports -- CommonJS packages without types
export const ffmpegPath: string = (require('@ffmpeg-installer/ffmpeg') as { path: string }).path;
// eslint-disable-next-line @typescript-eslint/no-require-imports -- CommonJS packages without types
export const ffprobePath: string = (require('@ffprobe-installer/ffprobe') as { path: string }).path;

/** The ffmpeg and ffprobe binaries shipped inside their registry packages (never downloaded at run time). */
export const ffmpegPath: string = (require('@ffmpeg-installer/ffmpeg') as { path: string }).path;
export const ffprobePath: string = (require('@ffprobe-installer/ffprobe') as { path: string }).path;

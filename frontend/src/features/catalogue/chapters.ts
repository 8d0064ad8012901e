/**
 * A product plays one video (media.videoUrl); its contents are the chapters of that video, in
 * order, each starting where the previous one ends. Progress is saved per content.
 */
export interface Chapter {
  contentId: string;
  title: string;
  start: number;
  end: number;
}

export function toChapters(contents: readonly { contentId: string; title: string; durationSeconds: number }[]): Chapter[] {
  let start = 0;
  return contents.map((content) => {
    const chapter = { contentId: content.contentId, title: content.title, start, end: start + content.durationSeconds };
    start = chapter.end;
    return chapter;
  });
}

/** The chapter playing at `position`; past the last chapter's end, the last one. */
export function chapterAt(chapters: readonly Chapter[], position: number): Chapter | null {
  if (chapters.length === 0) return null;
  return (
    chapters.find((c) => position >= c.start && position < c.end) ?? (position < 0 ? chapters[0] : chapters[chapters.length - 1])
  );
}

/** How far into its chapter `position` is, 0-100. */
export function chapterPercent(chapter: Chapter, position: number): number {
  const length = chapter.end - chapter.start;
  if (length <= 0) return 100;
  return Math.min(100, Math.max(0, Math.round(((position - chapter.start) / length) * 100)));
}

/**
 * Fit the chapters to the video's real length: when the file is shorter or longer than the
 * contents' declared durations add up to, each chapter keeps its share.
 */
export function fitChapters(chapters: readonly Chapter[], videoDuration: number): Chapter[] {
  const total = chapters.length ? chapters[chapters.length - 1].end : 0;
  if (!Number.isFinite(videoDuration) || videoDuration <= 0) return [...chapters];
  if (total <= 0) {
    // no durations declared: equal shares
    const share = videoDuration / Math.max(1, chapters.length);
    return chapters.map((c, i) => ({ ...c, start: i * share, end: (i + 1) * share }));
  }
  const factor = videoDuration / total;
  return chapters.map((c) => ({ ...c, start: c.start * factor, end: c.end * factor }));
}

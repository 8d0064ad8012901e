import { deciderSpec } from '../../../test-support/decider-spec';
import { lessonsModel } from './mark-app-lesson.command';
import { decide, REORDER_MUST_LIST_THE_PHASE, ReorderAppLessons } from './reorder-app-lessons.command';

const marked = (mediaId: string, phaseNumber: number) => ({
  type: 'AppLessonMarked',
  payload: { appId: 'app-1', mediaId, phaseNumber, title: mediaId, mediaType: 'video' },
});
const unmarked = (mediaId: string) => ({ type: 'AppLessonUnmarked', payload: { appId: 'app-1', mediaId } });
const reordered = (phaseNumber: number, mediaIds: string[]) => ({
  type: 'AppLessonsReordered',
  payload: { appId: 'app-1', phaseNumber, mediaIds },
});

describe('ReorderAppLessons decides', () => {
  const spec = deciderSpec(lessonsModel, decide);
  const phase1 = [marked('a', 1), marked('b', 1), marked('c', 2)];

  it('the lessons of the phase, each once, in the new order', () => {
    spec
      .given(...phase1)
      .when(new ReorderAppLessons('app-1', 1, ['b', 'a']))
      .then([reordered(1, ['b', 'a'])]);
    // a lesson moved to another phase, or unmarked, is no longer one of the phase's
    spec
      .given(...phase1, marked('b', 2))
      .when(new ReorderAppLessons('app-1', 2, ['b', 'c']))
      .then([reordered(2, ['b', 'c'])]);
    spec
      .given(...phase1, unmarked('a'))
      .when(new ReorderAppLessons('app-1', 1, ['b']))
      .then([reordered(1, ['b'])]);
  });

  it('a list that misses, adds or repeats a lesson of the phase is refused', () => {
    spec
      .given(...phase1)
      .when(new ReorderAppLessons('app-1', 1, ['b']))
      .thenThrows(REORDER_MUST_LIST_THE_PHASE);
    spec
      .given(...phase1)
      .when(new ReorderAppLessons('app-1', 1, ['b', 'a', 'c']))
      .thenThrows(REORDER_MUST_LIST_THE_PHASE);
    spec
      .given(...phase1)
      .when(new ReorderAppLessons('app-1', 1, ['a', 'a']))
      .thenThrows(REORDER_MUST_LIST_THE_PHASE);
    spec
      .given(...phase1, unmarked('a'))
      .when(new ReorderAppLessons('app-1', 1, ['b', 'a']))
      .thenThrows(REORDER_MUST_LIST_THE_PHASE);
    spec
      .given()
      .when(new ReorderAppLessons('app-1', 3, ['x']))
      .thenThrows(REORDER_MUST_LIST_THE_PHASE);
  });
});

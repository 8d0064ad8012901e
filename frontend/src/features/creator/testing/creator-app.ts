import type { CreatorApp } from '@sparkhouse/contracts';

export const TEST_APP_ID = '3f0c9a9e-4a8e-4d7f-9a43-2c1d5e6f7a8b';

/** A built creator app as getCreatorApps answers it, changed by `over`. */
export const creatorApp = (over: Partial<CreatorApp> = {}): CreatorApp => ({
  appId: TEST_APP_ID,
  ownerId: 'u1',
  name: 'Marathon Coach',
  storefrontSlug: 'cora',
  appSlug: 'marathon-coach',
  isIdea: false,
  prompt: 'A marathon coach',
  appIdea: null,
  canvasSettings: null,
  theme: null,
  appImage: { url: '/api/media/app-images/x.png', width: 1024, height: 1024, generatedBy: 'procedural' },
  isPublished: false,
  publishedAt: null,
  lastOpenedAt: null,
  createdAt: '2026-01-01T00:00:00Z',
  updatedAt: '2026-01-01T00:00:00Z',
  build: { status: 'completed', runId: 'r1', percent: 100, step: 'app-image', error: null },
  hasUnpublishedChanges: true,
  ...over,
});

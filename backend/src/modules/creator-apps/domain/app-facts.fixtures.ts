import type { AppDocument, NewEvent } from '@sparkhouse/contracts';

/*
 * Facts of an app's stream for the deciders' given/when/then tests (deciderSpec): an app 'a1' of
 * 'ava', created from a prompt under its provisional name, and what may happen to it.
 */

export const APP_ID = 'a1';

export const appCreated = (over: Partial<{ name: string; prompt: string; ownerId: string }> = {}): NewEvent => ({
  type: 'AppCreated',
  payload: {
    appId: APP_ID,
    ownerId: over.ownerId ?? 'ava',
    name: over.name ?? 'Marathon training',
    storefrontSlug: 'ava',
    appSlug: 'marathon-training',
    isIdea: false,
    prompt: over.prompt ?? 'marathon training',
  },
});

export const versionAdded = (
  document: AppDocument,
  n: number,
  content: Record<string, unknown>,
  runId: string | null = null,
): NewEvent => ({
  type: 'AppDocumentVersionAdded',
  payload: {
    appId: APP_ID,
    document,
    versionId: `${document}-${n}`,
    number: n,
    content,
    reason: runId ? 'ai-build' : 'edit',
    restoredFrom: null,
    runId,
  },
});

export const buildStored = (runId: string): NewEvent => ({
  type: 'AppBuildResultStored',
  payload: { appId: APP_ID, runId, generatedBy: 'local-generator' },
});

export const landingPage = {
  hero: { title: 'Run your first marathon', subtitle: 'Sixteen weeks', cta: 'Start' },
  sections: [{ kind: 'features', title: 'Long runs', body: 'Every Sunday.' }],
  pricingCopy: { monthly: '$5', annual: '$50' },
};

export const appImage = { url: '/api/media/app-images/a1.png', width: 1024, height: 1024, generatedBy: 'procedural' };

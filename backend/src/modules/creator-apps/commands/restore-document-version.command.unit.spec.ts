import { deciderSpec } from '../../../test-support/decider-spec';
import { APP_ID, appCreated, versionAdded } from '../domain/app-facts.fixtures';
import { appModel } from '../infra/app-stream';
import { decide, type RestoreDocumentVersion } from './restore-document-version.command';

describe('RestoreDocumentVersion decides', () => {
  const meta = { versionId: 'v-new', createdAt: '2026-11-28T10:00:00.000Z', createdBy: 'ava' };
  const spec = deciderSpec(appModel, (state, command: Pick<RestoreDocumentVersion, 'document' | 'versionId'>) =>
    decide(state, command, meta),
  );
  const history = [
    appCreated(),
    versionAdded('blueprint', 1, { name: 'first' }),
    versionAdded('blueprint', 2, { name: 'second' }),
  ];

  it('a new version copying the one restored (history is never rewritten)', () => {
    spec
      .given(...history)
      .when({ document: 'blueprint', versionId: 'blueprint-1' })
      .then([
        {
          type: 'AppDocumentVersionAdded',
          payload: {
            appId: APP_ID,
            document: 'blueprint',
            versionId: 'v-new',
            number: 3,
            content: { name: 'first' },
            reason: 'restore',
            restoredFrom: 'blueprint-1',
            runId: null,
          },
        },
      ]);
  });

  it('refuses a version the document does not have', () => {
    spec
      .given(...history)
      .when({ document: 'landing-page', versionId: 'blueprint-1' })
      .thenThrows('No such version of this app.');
  });
});

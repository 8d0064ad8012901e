import { system } from '../../api/routes';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { callApi } from '../../api/call-api';

/** Which AI writes the studio's documents: it only changes with the server's configuration. */
export const aiInfoQuery = () =>
  queryOptions({
    queryKey: ['system', 'ai-info'] as const,
    queryFn: ({ signal }) => callApi(system.aiInfo, { signal }),
    staleTime: Infinity,
  });

/**
 * Says who writes what the builder generates, so nobody mistakes the local generator's deterministic
 * drafts for a model's. Shows nothing until the server has answered (and nothing when it cannot).
 */
export function AiSourceNote() {
  const { data } = useQuery(aiInfoQuery());
  if (!data) return null;
  const local = data.text.source === 'local';
  const none = data.text.source === 'none';
  return (
    <p className={`ai-source${local || none ? ' ai-source--local' : ''}`} data-testid="ai-source">
      <span className="ai-source__dot" aria-hidden="true" />
      <span>
        {none ? (
          <>
            <strong>{data.text.label}</strong> — drafts cannot be written until an operator sets an AI model in the server
            configuration.
          </>
        ) : (
          <>
            Written by: <strong>{data.text.label}</strong>
          </>
        )}
        {local && ' — the same idea always gives the same draft; set an AI model in the server configuration for real AI.'}
        {' · '}App images: {data.images.label}
      </span>
    </p>
  );
}

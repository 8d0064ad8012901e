import type { CallResponse, operations as operationCalls } from '@sparkhouse/contracts';
import { useQuery } from '@tanstack/react-query';
import { callApi } from '../../api/call-api';
import { operations } from '../../api/routes';
import { useAuth } from '../auth';

export type ConsoleAccess = CallResponse<typeof operationCalls.getConsoleAccess>;

export const consoleAccessKey = (signedIn: boolean) => ['operations', 'me', signedIn] as const;

const NO_ACCESS: ConsoleAccess = { role: null, canAct: false };

/**
 * The signed-in user's role in the operations console (admin, operator, viewer or none). Visitors
 * and members without a role never see operations tooling; nothing is asked of the server for them.
 */
export function useConsoleAccess(): { access: ConsoleAccess; isPending: boolean } {
  const { signedIn } = useAuth();
  const query = useQuery({
    queryKey: consoleAccessKey(signedIn),
    queryFn: ({ signal }) => callApi(operations.getConsoleAccess, { signal }),
    enabled: signedIn,
    staleTime: 5 * 60_000,
  });
  if (!signedIn) return { access: NO_ACCESS, isPending: false };
  return { access: query.data ?? NO_ACCESS, isPending: query.isPending };
}

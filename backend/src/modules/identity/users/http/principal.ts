import { requestContext } from '../../../../platform/context/request-context';

/** The caller of the request being served. */
export const principal = () => requestContext.current()?.principal ?? null;

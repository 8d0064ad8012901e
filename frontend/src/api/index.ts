export { ApiError, errorMessage, isApiError, NETWORK_ERROR_MESSAGE, GENERIC_ERROR_MESSAGE } from './api-error';
export { callApi, type CallApiOptions } from './call-api';
export { getAnonymousId, clearAnonymousId } from './anonymous-id';
export { getAccessToken, setAccessToken, subscribeAccessToken } from './token-store';
export { createQueryClient } from './query-client';

/** The façade: the only way screens reach the backend (PRODUCT §6). */
export { apiQueryFn, apiRequest } from './request';
export { ApiError, isNotFound } from './errors';
export { queryKeys } from './queryKeys';
export type { ApiMethod } from './routeTable';
export type { AuthUser, Course } from './types';

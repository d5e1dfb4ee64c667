/** The API paths the server serves: the contract layer's list (contract/apiPaths.ts). */
export { API_PATHS, RATE_LIMITED_PATHS, type ApiPath } from '../contract/apiPaths.js';

/**
 * The six API operations of the contract, by path (spec section 4), and which of them are rate
 * limited (section 8): the conformance kit's list, so server and kit never disagree.
 */
export { API_PATHS, RATE_LIMITED_PATHS, type ApiPath } from '../conformance/kit/types.js';

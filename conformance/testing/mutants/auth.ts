/** Mutants of authentication (section 5) and methods (section 4). */
import { ALL_PATHS, OVERVIEW, SEARCH, rewriteRequest, rewriteResponse } from './middleware.js';
import type { Mutant } from './types.js';

const KNOWN_KEYS = ['demo-key-1', 'demo-key-2', 'demo-key-3'];

export const AUTH_MUTANTS: Mutant[] = [
  {
    id: 'auth.missing-key-400',
    breaks: 'a missing key gives 400 instead of 401',
    section: '5',
    front: () => [rewriteResponse(ALL_PATHS, (body, _req, res) => (res.statusCode === 401 ? (res.status(400), body) : body))],
    caughtBy: ['auth.search.missing-key-401', 'auth.overview.missing-key-401'],
  },
  {
    id: 'auth.unknown-key-accepted',
    breaks: 'an unknown key is accepted (as the first account)',
    section: '5',
    front: () => [rewriteRequest(ALL_PATHS, (body) => (typeof body.apikey === 'string' && !KNOWN_KEYS.includes(body.apikey) ? { ...body, apikey: 'demo-key-1' } : body))],
    caughtBy: ['auth.overview.unknown-key-403', 'auth.booking.unknown-key-403'],
  },
  {
    id: 'auth.key-in-header-accepted',
    breaks: 'the key is also taken from an apikey header',
    section: '5',
    front: () => [rewriteRequest([OVERVIEW], (body, req) => (body.apikey === undefined && typeof req.headers.apikey === 'string' ? { ...body, apikey: req.headers.apikey } : body))],
    caughtBy: ['auth.overview.key-in-header-ignored'],
  },
  {
    id: 'methods.search-get-404',
    breaks: 'GET on search.php gives 404 instead of 405',
    section: '4',
    front: () => [(req, res, next) => (req.method === 'GET' && req.path === SEARCH ? void res.status(404).json({ error: 'Not found' }) : next())],
    caughtBy: ['methods.search.get-405'],
  },
];

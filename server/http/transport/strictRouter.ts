import { Router } from 'express';

/**
 * Every Router of the app is strict and case-sensitive, like the app itself (app.ts): a path is
 * served only in its one canonical spelling, so no other spelling can bypass a check bound to it.
 */
export const strictRouter = (): Router => Router({ caseSensitive: true, strict: true });

import type { Response } from 'express';

/**
 * Waits on a timer (the event loop stays free); false when the client closed the connection first.
 * The global setTimeout, so tests can run the wait on fake timers.
 */
export function waitUnlessClientLeaves(res: Response, delayMs: number): Promise<boolean> {
  return new Promise((resolve) => {
    const onClose = () => {
      clearTimeout(timer);
      resolve(false);
    };
    const timer = setTimeout(() => {
      res.off('close', onClose);
      resolve(true);
    }, delayMs);
    res.once('close', onClose);
  });
}

import type { Router } from 'express';
import { strictRouter } from './strictRouter.js';

/**
 * Hotel images are generated, 1024x768 SVG pictures (served under the .jpg-style paths
 * the world hands out), so every image URL in a response really loads.
 */
export function imagesRouter(): Router {
  const router = strictRouter();
  router.get('/hotels/:hotelId/:name', (req, res) => {
    const hotelId = Number(req.params.hotelId);
    const match = /^(\d{1,3}|placeholder)\.(jpg|svg)$/.exec(req.params.name);
    if (!Number.isInteger(hotelId) || hotelId < 1 || !match) {
      res.status(404).json({ error: 'No such image' });
      return;
    }
    const hue = (hotelId * 47 + Number(match[1] ?? 0) * 89) % 360;
    const label = `Hotel ${hotelId} · ${match[1]}`;
    res.type('image/svg+xml').set('Cache-Control', 'public, max-age=2592000').send(
      `<svg xmlns="http://www.w3.org/2000/svg" width="1024" height="768" viewBox="0 0 1024 768">` +
        `<rect width="1024" height="768" fill="hsl(${hue},45%,55%)"/>` +
        `<text x="512" y="400" font-family="sans-serif" font-size="48" fill="#fff" text-anchor="middle">${label}</text></svg>`,
    );
  });
  return router;
}

import { readFileSync } from 'node:fs';
import type { Router } from 'express';
import { mixSeeds } from '../domain/random.js';
import { strictRouter } from './strictRouter.js';

/** Section 2.5: images are 1024x768. */
export const IMAGE_WIDTH = 1024;
export const IMAGE_HEIGHT = 768;
/** The committed pictures (fixtures/images, made by `npm run images`); each hotel image is one of them. */
export const HOTEL_IMAGE_FILES: readonly string[] = Array.from({ length: 8 }, (_, index) => `hotel-${index + 1}.jpg`);
export const PLACEHOLDER_IMAGE_FILE = 'placeholder.jpg';

const IMAGES_DIRECTORY = new URL('../../fixtures/images/', import.meta.url);
const IMAGE_PATH = /^(\d{1,3}|placeholder)\.jpg$/;

/**
 * Hotel images: real 1024x768 JPEGs at the `.jpg` URLs the world hands out. The few files are read
 * once when the router is built; a request only picks one (stable per hotel and image number), so
 * serving never encodes and never blocks the event loop.
 */
export function imagesRouter(): Router {
  const read = (file: string) => readFileSync(new URL(file, IMAGES_DIRECTORY));
  const pictures = HOTEL_IMAGE_FILES.map(read);
  const placeholder = read(PLACEHOLDER_IMAGE_FILE);
  const router = strictRouter();
  router.get('/hotels/:hotelId/:name', (req, res) => {
    const hotelId = Number(req.params.hotelId);
    const match = IMAGE_PATH.exec(req.params.name);
    if (!Number.isInteger(hotelId) || hotelId < 1 || !match) {
      res.status(404).json({ error: 'No such image' });
      return;
    }
    const picture = match[1] === 'placeholder'
      ? placeholder
      : (pictures[mixSeeds(hotelId, Number(match[1])) % pictures.length] as Buffer);
    res.type('image/jpeg').set('Cache-Control', 'public, max-age=2592000').send(picture);
  });
  return router;
}

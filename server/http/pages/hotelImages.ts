import { readFileSync } from 'node:fs';
import type { Router } from 'express';
import { mixSeeds } from '../../domain/random.js';
import { hotelFacts } from '../../domain/world/hotelFacts.js';
import type { World } from '../../domain/world/world.js';
import { strictRouter } from '../transport/strictRouter.js';

/** Section 2.5: images are 1024x768. */
export const IMAGE_WIDTH = 1024;
export const IMAGE_HEIGHT = 768;
/** The image categories the world labels pictures with (hotelFacts.imageCategories); each has its own scene. */
export const IMAGE_CATEGORIES = [
  'exterior', 'room', 'bathroom', 'lobby', 'restaurant', 'bar', 'breakfast', 'pool', 'spa', 'fitness', 'kitchen', 'view',
] as const;
export type ImageCategory = (typeof IMAGE_CATEGORIES)[number];
/** Distinct pictures per category. */
export const IMAGE_VARIANTS = 6;
export const PLACEHOLDER_IMAGE_FILE = 'placeholder.jpg';

/** The committed picture (fixtures/images, made by `npm run images`) of a category's variant. */
export function imageFile(category: ImageCategory, variant: number): string {
  return `${category}-${variant + 1}.jpg`;
}

const IMAGES_DIRECTORY = new URL('../../../fixtures/images/', import.meta.url);
const IMAGE_PATH = /^(\d{1,3})\.jpg$/;
const KNOWN = new Set<string>(IMAGE_CATEGORIES);

/** The category hotel `hotelId` labels its image `number` with; a façade for unknown hotels and numbers. */
export function imageCategoryOf(world: World | undefined, hotelId: number, number: number): ImageCategory {
  const hotel = world?.hotel(hotelId);
  const category = hotel?.hasDetails ? hotelFacts(hotel).imageCategories[number - 1] : undefined;
  return category !== undefined && KNOWN.has(category) ? (category as ImageCategory) : 'exterior';
}

/**
 * Hotel images: real 1024x768 JPEGs at the `.jpg` URLs the world hands out, the picture showing
 * what the image's category says (a bathroom for "bathroom"), one of IMAGE_VARIANTS per category
 * (stable per hotel and image number). The files are read once when the router is built, so
 * serving never encodes and never blocks the event loop. `/images/hotels/placeholder.jpg` is
 * the picture of hotels without details.
 */
export function imagesRouter(world?: World): Router {
  const read = (file: string) => readFileSync(new URL(file, IMAGES_DIRECTORY));
  const pictures = new Map<ImageCategory, Buffer[]>(
    IMAGE_CATEGORIES.map((category) => [category, Array.from({ length: IMAGE_VARIANTS }, (_, v) => read(imageFile(category, v)))]),
  );
  const placeholder = read(PLACEHOLDER_IMAGE_FILE);
  const send = (res: import('express').Response, picture: Buffer) =>
    res.type('image/jpeg').set('Cache-Control', 'public, max-age=2592000').send(picture);
  const router = strictRouter();
  router.get('/hotels/placeholder.jpg', (_req, res) => {
    send(res, placeholder);
  });
  router.get('/hotels/:hotelId/:name', (req, res) => {
    const hotelId = Number(req.params.hotelId);
    const match = IMAGE_PATH.exec(req.params.name);
    if (req.params.name === PLACEHOLDER_IMAGE_FILE && Number.isInteger(hotelId) && hotelId >= 1) {
      send(res, placeholder);
      return;
    }
    if (!Number.isInteger(hotelId) || hotelId < 1 || !match) {
      res.status(404).json({ error: 'No such image' });
      return;
    }
    const number = Number(match[1]);
    const variants = pictures.get(imageCategoryOf(world, hotelId, number)) as Buffer[];
    send(res, variants[mixSeeds(hotelId, number) % variants.length] as Buffer);
  });
  return router;
}

/**
 * Generates the sandbox's hotel pictures: a small, committed set of deterministic 1024x768 JPEGs
 * (fixtures/images), drawn here and encoded with the pure-JS jpeg-js, so the server only ever
 * reads files and never encodes on the request path. Run: `npm run images` (output is identical
 * on every run).
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import jpeg from 'jpeg-js';
import { HOTEL_IMAGE_FILES, IMAGE_HEIGHT, IMAGE_WIDTH, PLACEHOLDER_IMAGE_FILE } from '../server/http/images.js';

const QUALITY = 70;
type Rgb = readonly [number, number, number];

/** HSL (degrees, 0–1, 0–1) to RGB 0–255. */
function hsl(hue: number, saturation: number, lightness: number): Rgb {
  const chroma = (1 - Math.abs(2 * lightness - 1)) * saturation;
  const h = (((hue % 360) + 360) % 360) / 60;
  const x = chroma * (1 - Math.abs((h % 2) - 1));
  const [r, g, b] = h < 1 ? [chroma, x, 0] : h < 2 ? [x, chroma, 0] : h < 3 ? [0, chroma, x] : h < 4 ? [0, x, chroma] : h < 5 ? [x, 0, chroma] : [chroma, 0, x];
  const m = lightness - chroma / 2;
  return [Math.round((r + m) * 255), Math.round((g + m) * 255), Math.round((b + m) * 255)];
}

/** A façade under a sky: sky gradient, a building in the picture's hue with a grid of lit windows, a street. */
function drawFacade(hue: number): Buffer {
  const data = Buffer.alloc(IMAGE_WIDTH * IMAGE_HEIGHT * 4);
  const wall = hsl(hue, 0.35, 0.55);
  const window = hsl(45, 0.8, 0.75);
  const street = hsl(hue, 0.08, 0.3);
  const left = 192;
  const right = 832;
  const roof = 160;
  const ground = 640;
  for (let y = 0; y < IMAGE_HEIGHT; y++) {
    const sky = hsl(205, 0.6, 0.85 - (0.3 * y) / IMAGE_HEIGHT);
    for (let x = 0; x < IMAGE_WIDTH; x++) {
      let colour: Rgb = sky;
      if (y >= ground) colour = street;
      else if (x >= left && x < right && y >= roof) {
        const cellX = (x - left) % 80;
        const cellY = (y - roof) % 96;
        colour = cellX >= 20 && cellX < 60 && cellY >= 24 && cellY < 80 ? window : wall;
      }
      const offset = (y * IMAGE_WIDTH + x) * 4;
      data[offset] = colour[0];
      data[offset + 1] = colour[1];
      data[offset + 2] = colour[2];
      data[offset + 3] = 255;
    }
  }
  return data;
}

/** A plain grey picture for hotels without details. */
function drawPlaceholder(): Buffer {
  const data = Buffer.alloc(IMAGE_WIDTH * IMAGE_HEIGHT * 4, 0xc8);
  for (let offset = 3; offset < data.length; offset += 4) data[offset] = 255;
  return data;
}

function write(path: URL, pixels: Buffer): void {
  const encoded = jpeg.encode({ data: pixels, width: IMAGE_WIDTH, height: IMAGE_HEIGHT }, QUALITY);
  writeFileSync(path, encoded.data);
  console.log(`${path.pathname} ${encoded.data.length} bytes`);
}

const directory = new URL('../fixtures/images/', import.meta.url);
mkdirSync(directory, { recursive: true });
HOTEL_IMAGE_FILES.forEach((file, index) => write(new URL(file, directory), drawFacade((index * 360) / HOTEL_IMAGE_FILES.length)));
write(new URL(PLACEHOLDER_IMAGE_FILE, directory), drawPlaceholder());

/**
 * Generates the sandbox's hotel pictures: a small, committed set of deterministic 1024x768 JPEGs
 * (fixtures/images), drawn here and encoded with the pure-JS jpeg-js, so the server only ever
 * reads files and never encodes on the request path. One simple scene per image category
 * (façade, room, bathroom, lobby, restaurant, pool, …), IMAGE_VARIANTS variants each, so a
 * picture labelled "bathroom" shows a bathroom. Run: `npm run images` (identical on every run).
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import jpeg from 'jpeg-js';
import { IMAGE_CATEGORIES, IMAGE_HEIGHT, IMAGE_VARIANTS, IMAGE_WIDTH, imageFile, PLACEHOLDER_IMAGE_FILE, type ImageCategory } from '../server/http/pages/hotelImages.js';

const QUALITY = 55;
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

/** A tiny raster canvas: rectangles, ellipses and vertical gradients. */
class Canvas {
  readonly data = Buffer.alloc(IMAGE_WIDTH * IMAGE_HEIGHT * 4, 255);

  private set(x: number, y: number, colour: Rgb): void {
    const offset = (y * IMAGE_WIDTH + x) * 4;
    this.data[offset] = colour[0];
    this.data[offset + 1] = colour[1];
    this.data[offset + 2] = colour[2];
  }

  rect(x0: number, y0: number, width: number, height: number, colour: Rgb): void {
    const x1 = Math.min(IMAGE_WIDTH, Math.round(x0 + width));
    const y1 = Math.min(IMAGE_HEIGHT, Math.round(y0 + height));
    for (let y = Math.max(0, Math.round(y0)); y < y1; y++) for (let x = Math.max(0, Math.round(x0)); x < x1; x++) this.set(x, y, colour);
  }

  ellipse(cx: number, cy: number, rx: number, ry: number, colour: Rgb): void {
    for (let y = Math.max(0, Math.floor(cy - ry)); y < Math.min(IMAGE_HEIGHT, Math.ceil(cy + ry)); y++) {
      for (let x = Math.max(0, Math.floor(cx - rx)); x < Math.min(IMAGE_WIDTH, Math.ceil(cx + rx)); x++) {
        if (((x - cx) / rx) ** 2 + ((y - cy) / ry) ** 2 <= 1) this.set(x, y, colour);
      }
    }
  }

  gradient(y0: number, y1: number, top: Rgb, bottom: Rgb): void {
    for (let y = Math.max(0, y0); y < Math.min(IMAGE_HEIGHT, y1); y++) {
      const t = (y - y0) / Math.max(1, y1 - y0);
      const colour: Rgb = [0, 1, 2].map((i) => Math.round((top[i] as number) * (1 - t) + (bottom[i] as number) * t)) as unknown as Rgb;
      for (let x = 0; x < IMAGE_WIDTH; x++) this.set(x, y, colour);
    }
  }
}

const SKY_TOP = hsl(205, 0.6, 0.8);
const SKY_BOTTOM = hsl(205, 0.5, 0.6);
const WHITE = hsl(0, 0, 0.96);

/** Scenes per category; `v` (0..IMAGE_VARIANTS-1) varies colours and layout. */
const SCENES: Readonly<Record<ImageCategory, (c: Canvas, v: number) => void>> = {
  exterior(c, v) {
    const hue = v * 60;
    c.gradient(0, 640, SKY_TOP, SKY_BOTTOM);
    c.rect(0, 640, IMAGE_WIDTH, 128, hsl(hue, 0.08, 0.3));
    const left = 160 + v * 16;
    const floors = 4 + (v % 3);
    const top = 640 - floors * 96;
    c.rect(left, top, 640, 640 - top, hsl(hue, 0.35, 0.55));
    for (let f = 0; f < floors; f++) for (let w = 0; w < 8; w++) c.rect(left + 20 + w * 80, top + 24 + f * 96, 40, 56, hsl(45, 0.8, 0.75));
    c.rect(left + 280, 560, 80, 80, hsl(hue, 0.3, 0.25)); // entrance
  },
  room(c, v) {
    const wall = hsl(30 + v * 40, 0.25, 0.8);
    c.rect(0, 0, IMAGE_WIDTH, 520, wall);
    c.rect(0, 520, IMAGE_WIDTH, 248, hsl(28, 0.4, 0.4 + v * 0.03)); // floor
    c.rect(620 - v * 20, 80, 300, 260, SKY_TOP); // window
    c.rect(760 - v * 20, 80, 12, 260, WHITE);
    const bedX = 120 + v * 25;
    c.rect(bedX, 360, 480, 220, WHITE); // bed
    c.rect(bedX, 300, 480, 70, hsl(25, 0.45, 0.3)); // headboard
    c.rect(bedX + 40, 380, 160, 50, hsl(0, 0, 0.88)); // pillows
    c.rect(bedX + 280, 380, 160, 50, hsl(0, 0, 0.88));
    c.rect(bedX, 470, 480, 110, hsl(v * 60 + 200, 0.45, 0.5)); // blanket
    c.rect(bedX + 500, 430, 90, 90, hsl(25, 0.4, 0.35)); // night table
    c.ellipse(bedX + 545, 400, 30, 36, hsl(50, 0.8, 0.8)); // lamp
  },
  bathroom(c, v) {
    const tile = hsl(190 + v * 25, 0.2, 0.85);
    c.rect(0, 0, IMAGE_WIDTH, IMAGE_HEIGHT, tile);
    for (let x = 0; x < IMAGE_WIDTH; x += 64) c.rect(x, 0, 2, 560, hsl(0, 0, 0.7));
    for (let y = 0; y < 560; y += 64) c.rect(0, y, IMAGE_WIDTH, 2, hsl(0, 0, 0.7));
    c.rect(0, 560, IMAGE_WIDTH, 208, hsl(0, 0, 0.55 + v * 0.04)); // floor
    c.rect(80, 420, 460, 180, WHITE); // bathtub
    c.rect(100, 440, 420, 40, hsl(195, 0.6, 0.75)); // water
    c.rect(680, 380, 200, 40, WHITE); // sink
    c.rect(760, 420, 40, 180, WHITE);
    c.rect(690, 140, 180, 220, hsl(200, 0.3, 0.9)); // mirror
    c.rect(770, 350, 8, 30, hsl(0, 0, 0.6)); // tap
  },
  lobby(c, v) {
    c.rect(0, 0, IMAGE_WIDTH, 460, hsl(40 + v * 20, 0.2, 0.75));
    for (let y = 460; y < IMAGE_HEIGHT; y += 48) for (let x = (y / 48) % 2 === 0 ? 0 : 48; x < IMAGE_WIDTH; x += 96) {
      c.rect(x, y, 48, 48, hsl(0, 0, 0.3));
    }
    c.rect(0, 460, IMAGE_WIDTH, 4, hsl(0, 0, 0.2));
    c.rect(300 + v * 20, 340, 420, 150, hsl(25, 0.5, 0.3)); // reception desk
    c.rect(300 + v * 20, 330, 420, 16, hsl(30, 0.3, 0.8));
    c.rect(360 + v * 20, 120, 300, 60, hsl(45, 0.7, 0.6)); // sign
    for (const x of [120, 900]) {
      c.rect(x - 20, 420, 40, 80, hsl(20, 0.4, 0.35)); // pot
      c.ellipse(x, 360, 70, 90, hsl(120, 0.5, 0.3)); // plant
    }
    c.ellipse(512, 40, 120, 30, hsl(50, 0.8, 0.85)); // chandelier
  },
  restaurant(c, v) {
    c.rect(0, 0, IMAGE_WIDTH, 380, hsl(15 + v * 15, 0.35, 0.55));
    c.rect(0, 380, IMAGE_WIDTH, 388, hsl(25, 0.45, 0.35));
    for (let row = 0; row < 2; row++) for (let col = 0; col < 3; col++) {
      const cx = 190 + col * 320 + (row ? 80 : 0) - v * 8;
      const cy = 470 + row * 170;
      c.rect(cx - 95, cy - 10, 20, 70, hsl(25, 0.5, 0.25)); // chairs
      c.rect(cx + 75, cy - 10, 20, 70, hsl(25, 0.5, 0.25));
      c.ellipse(cx, cy, 90, 36, WHITE); // table cloth
      c.ellipse(cx - 30, cy - 4, 18, 8, hsl(0, 0, 0.8)); // plates
      c.ellipse(cx + 30, cy - 4, 18, 8, hsl(0, 0, 0.8));
      c.rect(cx - 3, cy - 40, 6, 30, hsl(50, 0.9, 0.7)); // candle
    }
    for (let x = 100; x < IMAGE_WIDTH; x += 260) c.ellipse(x, 60, 40, 24, hsl(45, 0.9, 0.75)); // lamps
  },
  bar(c, v) {
    c.rect(0, 0, IMAGE_WIDTH, IMAGE_HEIGHT, hsl(270 + v * 15, 0.25, 0.18));
    for (const y of [120, 240]) {
      c.rect(80, y + 80, 864, 10, hsl(30, 0.4, 0.5)); // shelves
      for (let x = 100; x < 930; x += 42) c.rect(x, y + (x % 3) * 8, 22, 80 - (x % 3) * 8, hsl((x * 7 + v * 40) % 360, 0.6, 0.45));
    }
    c.rect(0, 460, IMAGE_WIDTH, 60, hsl(25, 0.55, 0.35)); // counter top
    c.rect(0, 520, IMAGE_WIDTH, 248, hsl(25, 0.5, 0.2));
    for (let x = 140; x < IMAGE_WIDTH; x += 220) {
      c.ellipse(x, 600, 50, 16, hsl(0, 0, 0.15)); // stools
      c.rect(x - 6, 610, 12, 140, hsl(0, 0, 0.5));
    }
  },
  breakfast(c, v) {
    c.rect(0, 0, IMAGE_WIDTH, IMAGE_HEIGHT, hsl(35, 0.45, 0.55 + v * 0.02)); // table top
    for (let x = 0; x < IMAGE_WIDTH; x += 128) c.rect(x, 0, 3, IMAGE_HEIGHT, hsl(35, 0.4, 0.45));
    const plates: Array<[number, number]> = [[260, 300], [700, 280], [480, 560]];
    for (const [x, y] of plates) {
      c.ellipse(x + v * 10, y, 140, 140, WHITE);
      c.ellipse(x + v * 10 - 30, y - 20, 50, 40, hsl(45, 0.9, 0.6)); // egg yolk / bread
      c.ellipse(x + v * 10 + 40, y + 30, 40, 30, hsl(10 + v * 20, 0.7, 0.5)); // fruit
    }
    c.ellipse(880, 560, 70, 70, WHITE); // cup
    c.ellipse(880, 560, 52, 52, hsl(25, 0.6, 0.25)); // coffee
    c.ellipse(120, 600, 60, 60, hsl(30 + v * 10, 0.9, 0.55)); // juice
  },
  pool(c, v) {
    c.gradient(0, 260, SKY_TOP, SKY_BOTTOM);
    c.rect(0, 260, IMAGE_WIDTH, 508, hsl(40, 0.3, 0.8)); // deck
    c.rect(90 + v * 10, 330, 840 - v * 20, 380, hsl(190 + v * 4, 0.75, 0.5)); // water
    for (let y = 380; y < 700; y += 80) c.rect(90 + v * 10, y, 840 - v * 20, 4, WHITE); // lane ropes
    for (let i = 0; i < 3; i++) c.ellipse(150 + i * 360, 230, 90, 30, hsl(v * 60, 0.7, 0.55)); // parasols
    for (const x of [60, 960]) c.ellipse(x, 180, 40, 110, hsl(120, 0.5, 0.35)); // palms
  },
  spa(c, v) {
    c.rect(0, 0, IMAGE_WIDTH, IMAGE_HEIGHT, hsl(30 + v * 10, 0.2, 0.85));
    c.rect(0, 520, IMAGE_WIDTH, 248, hsl(30, 0.25, 0.6));
    c.rect(200, 380, 620, 90, WHITE); // massage table
    c.rect(230, 470, 20, 120, hsl(25, 0.4, 0.4));
    c.rect(770, 470, 20, 120, hsl(25, 0.4, 0.4));
    for (let i = 0; i < 4; i++) c.ellipse(130 + i * 40, 620 - i * 26, 60 - i * 10, 22, hsl(0, 0, 0.25 + i * 0.08)); // stones
    for (const x of [760, 820, 880]) {
      c.rect(x, 580, 28, 60, hsl(45, 0.3, 0.95)); // candles
      c.ellipse(x + 14, 570, 8, 14, hsl(40, 1, 0.6));
    }
    c.ellipse(512, 200, 80, 80, hsl(120 + v * 20, 0.35, 0.5)); // leaf
  },
  fitness(c, v) {
    c.rect(0, 0, IMAGE_WIDTH, 480, hsl(210 + v * 10, 0.12, 0.7));
    c.rect(0, 480, IMAGE_WIDTH, 288, hsl(0, 0, 0.2));
    c.rect(0, 60, IMAGE_WIDTH, 240, hsl(200, 0.2, 0.85)); // mirror wall
    for (let i = 0; i < 3; i++) {
      const x = 100 + i * 300;
      c.rect(x, 520, 220, 50, hsl(0, 0, 0.1)); // treadmill belt
      c.rect(x + 180, 380, 16, 150, hsl(0, 0, 0.5)); // console post
      c.rect(x + 150, 360, 80, 30, hsl(0, 0, 0.3));
    }
    for (let i = 0; i < 5; i++) {
      const x = 150 + i * 160;
      c.rect(x, 680, 80, 10, hsl(0, 0, 0.6)); // dumbbells
      c.ellipse(x, 685, 16, 26, hsl(v * 60, 0.6, 0.4));
      c.ellipse(x + 80, 685, 16, 26, hsl(v * 60, 0.6, 0.4));
    }
  },
  kitchen(c, v) {
    c.rect(0, 0, IMAGE_WIDTH, IMAGE_HEIGHT, hsl(40, 0.15, 0.9));
    c.rect(0, 60, IMAGE_WIDTH, 200, hsl(v * 60, 0.3, 0.6)); // wall cabinets
    for (let x = 0; x < IMAGE_WIDTH; x += 170) c.rect(x, 60, 4, 200, hsl(0, 0, 0.4));
    c.rect(0, 440, IMAGE_WIDTH, 30, hsl(0, 0, 0.35)); // worktop
    c.rect(0, 470, IMAGE_WIDTH, 298, hsl(v * 60, 0.3, 0.55)); // base cabinets
    for (let x = 0; x < IMAGE_WIDTH; x += 170) c.rect(x, 470, 4, 298, hsl(0, 0, 0.4));
    for (const x of [330, 410]) for (const y of [455]) c.ellipse(x, y, 34, 10, hsl(0, 0, 0.1)); // hob
    c.rect(640, 420, 160, 24, hsl(0, 0, 0.75)); // sink
    c.rect(700, 360, 10, 60, hsl(0, 0, 0.6)); // tap
  },
  view(c, v) {
    c.gradient(0, 400, hsl(200 + v * 5, 0.7, 0.75), hsl(30 + v * 5, 0.6, 0.8));
    const sea = v % 2 === 0;
    if (sea) {
      c.rect(0, 400, IMAGE_WIDTH, 368, hsl(200, 0.6, 0.4));
      for (let y = 430; y < IMAGE_HEIGHT; y += 40) c.rect(0, y, IMAGE_WIDTH, 3, hsl(200, 0.5, 0.6));
    } else {
      for (let i = 0; i < 4; i++) c.ellipse(100 + i * 280, 420, 260, 200 - i * 20, hsl(120 + v * 10, 0.25, 0.35 + i * 0.04));
      c.rect(0, 480, IMAGE_WIDTH, 288, hsl(110, 0.35, 0.4));
    }
    c.ellipse(780 - v * 60, 140, 50, 50, hsl(50, 1, 0.75)); // sun
    c.rect(0, 0, 40, IMAGE_HEIGHT, hsl(0, 0, 0.95)); // window frame
    c.rect(IMAGE_WIDTH - 40, 0, 40, IMAGE_HEIGHT, hsl(0, 0, 0.95));
  },
};

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
for (const category of IMAGE_CATEGORIES) {
  for (let variant = 0; variant < IMAGE_VARIANTS; variant++) {
    const canvas = new Canvas();
    SCENES[category](canvas, variant);
    write(new URL(imageFile(category, variant), directory), canvas.data);
  }
}
write(new URL(PLACEHOLDER_IMAGE_FILE, directory), drawPlaceholder());

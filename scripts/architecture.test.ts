import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { ARCHITECTURE_DOC, layerPicture, withPicture } from './architecture.js';

describe('docs/architecture.md', () => {
  it('shows the layer picture of the code as it is (regenerated from the import graph)', () => {
    const document = readFileSync(ARCHITECTURE_DOC, 'utf8');
    const picture = layerPicture();
    expect(picture).toMatch(/^```mermaid\nflowchart LR/);
    expect(withPicture(document, picture)).toBe(document);
  }, 60_000);

  it('a changed graph makes the committed picture stale (the check can fail)', () => {
    const document = readFileSync(ARCHITECTURE_DOC, 'utf8');
    expect(withPicture(document, layerPicture().replace('flowchart LR', 'flowchart TB'))).not.toBe(document);
  }, 60_000);
});

/**
 * How the browser tests read a page as a person would: words broken across lines, sideways
 * overflow, and axe-core's WCAG 2.1 A/AA violations (axe-core is injected into the page).
 */
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import type { Page } from 'playwright-core';

const AXE_SOURCE = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');
export const WCAG_21_AA = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'];

export interface WordRules {
  /** Text inside elements matching this selector may wrap anywhere (code, message bodies, hashes). */
  mayWrapInside: string;
  /** Where a word may break, as in print: after the hyphen of a hyphenated compound by default. */
  breakAfter?: 'hyphen-between-letters' | 'hyphen-or-dash';
  /** Text in a monospace font is code, which may wrap anywhere too. */
  monospaceIsCode?: boolean;
}

export interface PageFindings {
  scrollWidth: number;
  clientWidth: number;
  widest: { tag: string; right: number } | undefined;
  brokenWords: string[];
}

/**
 * Sideways overflow, and every word (a run of non-space characters) outside the text that may wrap
 * whose rendered box spans more than one line. Lines are told apart by their top: the pieces of one
 * line of mixed-direction text (Arabic in English) are several boxes on the same line, not a break.
 */
export async function pageFindings(page: Page, rules: WordRules): Promise<PageFindings> {
  return page.evaluate(({ mayWrapInside, breakAfter, monospaceIsCode }) => {
    const brokenWords: string[] = [];
    const splitter = breakAfter === 'hyphen-or-dash' ? /(?<=\S[-‐‑–—])(?=\S)/u : /(?<=[A-Za-z]-)(?=[A-Za-z])/;
    const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
    let visited = 0;
    for (let node = walker.nextNode(); node !== null && visited < 200_000; node = walker.nextNode(), visited++) {
      const text = node as Text;
      const parent = text.parentElement;
      if (!parent || parent.closest(mayWrapInside)) continue;
      if (monospaceIsCode && /mono|courier|consolas/i.test(getComputedStyle(parent).fontFamily)) continue;
      const words = /\S+/g;
      for (let match = words.exec(text.data); match !== null; match = words.exec(text.data)) {
        let start = match.index;
        for (const part of match[0].split(splitter)) {
          const range = document.createRange();
          range.setStart(text, start);
          range.setEnd(text, start + part.length);
          start += part.length;
          const lines = new Set([...range.getClientRects()].filter((rect) => rect.width > 0 && rect.height > 0).map((rect) => Math.round(rect.top)));
          if (lines.size > 1) brokenWords.push(`${part} in "${match[0]}" (${lines.size} lines)`);
        }
      }
    }
    return {
      scrollWidth: document.documentElement.scrollWidth,
      clientWidth: document.documentElement.clientWidth,
      widest: [...document.querySelectorAll('body *')]
        .map((element) => ({ tag: `${element.tagName.toLowerCase()}#${element.id}.${String(element.className)}`, right: element.getBoundingClientRect().left + element.scrollWidth }))
        .sort((a, b) => b.right - a.right)[0],
      brokenWords,
    };
  }, { mayWrapInside: rules.mayWrapInside, breakAfter: rules.breakAfter ?? 'hyphen-between-letters', monospaceIsCode: rules.monospaceIsCode ?? false });
}

/** axe-core's WCAG 2.1 A/AA violations of the page, one line each (rule, help, the elements). */
export async function axeViolations(page: Page): Promise<string[]> {
  await page.addScriptTag({ content: AXE_SOURCE });
  return page.evaluate(async (tags) => {
    const axe = (window as unknown as { axe: { run: (context: Document, options: unknown) => Promise<{ violations: Array<{ id: string; help: string; nodes: Array<{ target: unknown[] }> }> }> } }).axe;
    const result = await axe.run(document, { runOnly: { type: 'tag', values: tags }, resultTypes: ['violations'] });
    return result.violations.map((v) => `${v.id}: ${v.help} — ${v.nodes.map((n) => JSON.stringify(n.target)).join(', ')}`);
  }, WCAG_21_AA);
}

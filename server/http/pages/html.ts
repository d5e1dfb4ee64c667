/**
 * Safe HTML building for the server-rendered pages: the `html` template tag escapes every
 * interpolated value unless it is already SafeHtml (the output of another `html`), so no value
 * can be rendered unescaped by accident.
 */
import { escapeHtml } from '../../../contract/markup.js';

export { escapeHtml };

export class SafeHtml {
  constructor(readonly value: string) {}
  toString(): string {
    return this.value;
  }
}


function render(value: unknown): string {
  if (value instanceof SafeHtml) return value.value;
  if (Array.isArray(value)) return value.map(render).join('');
  if (value === null || value === undefined || value === false) return '';
  // eslint-disable-next-line @typescript-eslint/no-base-to-string -- template holes hold text, numbers and SafeHtml; objects are a caller bug caught in review
  return escapeHtml(String(value));
}

/** `html\`<p>${text}</p>\`` with `text` escaped; arrays are concatenated; null/undefined/false render nothing. */
export function html(strings: TemplateStringsArray, ...values: unknown[]): SafeHtml {
  let out = strings[0] ?? '';
  for (let i = 0; i < values.length; i++) out += render(values[i]) + (strings[i + 1] ?? '');
  return new SafeHtml(out);
}

/**
 * One page of a request journal, taken entry by entry from the newest end (Store.readRequestJournal):
 * every store walks its own way and hands each entry here, and stops when told to.
 */
import type { JournalPage, JournalPageRead } from '../domain/ports/store.js';

export class JournalPageWalk {
  private readonly entries: string[] = [];
  private bytes = 0;
  private cut = false;
  private skipped = 0;

  constructor(private readonly page: JournalPage) {}

  /**
   * Takes the next older entry (undefined: none after all), with its JSON text when the store holds
   * it so; `entry` is only tested with the page's `matches`. False once the page is full: walk no further.
   */
  take(entry: unknown, json?: string): boolean {
    if (entry === undefined) return true;
    if (this.page.matches && !this.page.matches(entry)) return true;
    if (this.skipped < (this.page.offset ?? 0)) {
      this.skipped += 1;
      return true;
    }
    const text = json ?? JSON.stringify(entry);
    if (this.page.maxBytes !== undefined && this.entries.length > 0 && this.bytes + text.length > this.page.maxBytes) {
      this.cut = true;
      return false;
    }
    this.entries.push(text);
    this.bytes += text.length + 1;
    return this.entries.length < this.page.limit;
  }

  /** The page, with the number of older entries the walk never reached. */
  read(notWalked: number): JournalPageRead {
    return { entries: this.entries, bytes: this.bytes, cut: this.cut, notWalked };
  }
}

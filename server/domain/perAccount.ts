/**
 * State kept apart per account (search results, offers, live lookups): one account's reset drops
 * only its own, and nothing one account caches is ever served to another.
 */
export class PerAccount<T> {
  private readonly byAccount = new Map<number, T>();

  constructor(private readonly create: () => T) {}

  of(accountId: number): T {
    let state = this.byAccount.get(accountId);
    if (state === undefined) {
      state = this.create();
      this.byAccount.set(accountId, state);
    }
    return state;
  }

  reset(accountId: number): void {
    this.byAccount.delete(accountId);
  }

  resetAll(): void {
    this.byAccount.clear();
  }
}

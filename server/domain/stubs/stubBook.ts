/**
 * An account's stubs as a service: add (bounded, and judged against the contract unless
 * `nonconforming`), list, remove, reset, and the stub that answers a call, its count taken in the
 * store (so `times` holds over replicas). Every account's stubs are its own: no call reads another's.
 */
import type { ContractValidator } from '../../../contract/validator.js';
import { ApiError } from '../../errors.js';
import { stubViolations } from './contractCheck.js';
import { afterAnswer, chooseStub, type CallToMatch } from './match.js';
import { STUB_LIMITS, emptyStubSet, parseStub, stubSetBytes, type Stub, type StubSet } from './stub.js';

/** What the book needs of the store (Store.stubsOf and Store.changeStubs). */
export interface StubStore {
  stubsOf(accountId: number): Promise<StubSet | undefined>;
  changeStubs(accountId: number, change: (current: StubSet | undefined) => StubSet | undefined): Promise<StubSet | undefined>;
}

export class StubBook {
  private validator: ContractValidator | undefined;

  /** `validator`: built when the first stub is added (a sandbox that never stubs never compiles it here). */
  constructor(
    private readonly store: StubStore,
    private readonly makeValidator: () => ContractValidator,
  ) {}

  async list(accountId: number): Promise<StubSet> {
    return (await this.store.stubsOf(accountId)) ?? emptyStubSet();
  }

  /**
   * Adds a stub read from a control call's body; 400 with `violations` when its answer breaks the
   * contract and it is not marked `nonconforming`, 409 past the account's bounds.
   */
  async add(accountId: number, body: Record<string, unknown>, nowIso: string): Promise<Stub> {
    const input = parseStub(body);
    const violations = stubViolations((this.validator ??= this.makeValidator()), input);
    if (violations.length > 0 && !input.nonconforming) {
      throw new ApiError(
        400,
        `The stub's answer does not keep openapi.yaml for ${input.operation} ${input.response?.status ?? ''}: ${violations[0]!.path} ${violations[0]!.message}` +
          `${violations.length > 1 ? ` (and ${violations.length - 1} more)` : ''}. Fix it, or add it with "nonconforming": true to test your client's robustness.`,
        { violations },
      );
    }
    let added: Stub | undefined;
    await this.store.changeStubs(accountId, (current) => {
      const set = current ?? emptyStubSet();
      const stub: Stub = { id: `stub_${set.nextId}`, created_at: nowIso, answered: 0, ...input };
      const next: StubSet = { ...set, stubs: [...set.stubs, stub], nextId: set.nextId + 1 };
      if (next.stubs.length > STUB_LIMITS.perAccount) throw tooMany(`${STUB_LIMITS.perAccount} stubs`);
      if (stubSetBytes(next) > STUB_LIMITS.bytesPerAccount) throw tooMany(`${STUB_LIMITS.bytesPerAccount / 1024} KB of stubs`);
      added = stub;
      return next;
    });
    return added!;
  }

  /** false when the account has no such stub. */
  async remove(accountId: number, stubId: string): Promise<boolean> {
    let removed = false;
    await this.store.changeStubs(accountId, (current) => {
      if (!current?.stubs.some((stub) => stub.id === stubId)) return undefined;
      removed = true;
      return { ...current, stubs: current.stubs.filter((stub) => stub.id !== stubId) };
    });
    return removed;
  }

  /** Every stub gone and the state back to the first (ids start again). */
  async reset(accountId: number): Promise<void> {
    await this.store.changeStubs(accountId, (current) => (current ? emptyStubSet() : undefined));
  }

  /**
   * The stub that answers the call, once counted, or undefined. An account without stubs costs one
   * read of what the store keeps (a copy in memory); a match is chosen again inside the store's
   * atomic change, so a stub answering its last time on two replicas at once answers only one.
   */
  async answerFor(accountId: number, call: CallToMatch): Promise<Stub | undefined> {
    const set = await this.store.stubsOf(accountId);
    if (!set || !chooseStub(set, call)) return undefined;
    let chosen: Stub | undefined;
    await this.store.changeStubs(accountId, (current) => {
      chosen = current && chooseStub(current, call);
      return chosen && current ? afterAnswer(current, chosen.id) : undefined;
    });
    return chosen;
  }
}

const tooMany = (what: string) =>
  new ApiError(409, `This account holds ${what}, the most it keeps; remove some (POST /_control/stubs/remove) or reset them (POST /_control/stubs/reset).`);

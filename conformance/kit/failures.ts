/**
 * How a check ends other than by passing. Each is an Error so a check can simply `throw`.
 */

/** The implementation broke a rule. The message says which, readably. */
export class CheckFailure extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'CheckFailure';
  }
}

/** The check cannot run here (no scenario hotel, nothing to test); reported with the reason. */
export class CheckSkipped extends Error {
  constructor(readonly reason: string) {
    super(reason);
    this.name = 'CheckSkipped';
  }
}

/** A control-harness call failed: the check's preconditions could not be set up. Never a pass. */
export class SetupFailure extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'SetupFailure';
  }
}

/** A shared fixture the check needed failed (reported once, on the fixture): the check cannot be judged. */
export class BlockedByFixture extends Error {
  constructor(readonly fixture: string, override readonly cause: Error) {
    super(`blocked by ${fixture}: ${cause.message.split('\n')[0] ?? ''}`);
    this.name = 'BlockedByFixture';
  }
}

/** The --request-budget is spent; the check could not send what it needed. */
export class BudgetExhausted extends CheckFailure {
  constructor(budget: number) {
    super(`not run to the end: the request budget of ${budget} is spent`);
    this.name = 'BudgetExhausted';
  }
}

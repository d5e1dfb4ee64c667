/** An operator's command of `hotel-sandbox COMMAND …` (listed in commands.ts; its own module, so commands import no table). */
export interface Command {
  /** One line, for the server's --help. */
  summary: string;
  /** What it does with the arguments after its name; resolves to the exit code. */
  run(args: readonly string[]): Promise<number>;
}

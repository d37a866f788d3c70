// The command line run in the test's own process, as the bin runs it (src/cli/bin.ts hands `runCommand` the
// process's arguments, environment and streams): the cases of the command cost no process each. The built
// bin itself is run as a program where only a process shows what is tested (test/cli.test.ts).
import { runCommand } from "../../src/cli/cli.js";

export interface CommandRun {
  code: number;
  stdout: string;
  stderr: string;
}

/** A run's standard input and the variables of its environment beside PATH. */
export interface RunOptions {
  input?: string | Buffer;
  env?: Record<string, string>;
}

/**
 * Runs the command with `args`, `input` as its standard input and only PATH and `env` in its environment.
 * What it writes is read back as UTF-8, as from a pipe; an error it does not expect is printed with exit
 * status 1, as Node does.
 */
export async function runCommandHere(args: readonly string[], options: RunOptions = {}): Promise<CommandRun> {
  let stdout = "";
  let stderr = "";
  const input = options.input ?? "";
  const asPiped = (text: string) => Buffer.from(text, "utf8").toString("utf8");
  try {
    const code = await runCommand(args, {
      env: { PATH: process.env.PATH ?? "", ...options.env },
      stdout: (text) => {
        stdout += text;
      },
      stderr: (text) => {
        stderr += text;
      },
      readInput: () => (typeof input === "string" ? Buffer.from(input) : input),
    });
    return { code, stdout: asPiped(stdout), stderr: asPiped(stderr) };
  } catch (error) {
    return { code: 1, stdout: asPiped(stdout), stderr: asPiped(`${stderr}${(error as Error).stack ?? error}\n`) };
  }
}

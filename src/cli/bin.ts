#!/usr/bin/env node
// The endpoint-options program (dist/cli.js): the command (cli.ts) with this process's arguments,
// environment and streams; its status is the process's exit status.
import { readFileSync } from "node:fs";
import { runCommand } from "./cli.js";

// A reader that stops early (`| head`) closes the pipe: stop quietly, as other command-line tools do.
process.stdout.on("error", (error: NodeJS.ErrnoException) => {
  if (error.code !== "EPIPE") throw error;
  process.exit(process.exitCode ?? 0);
});

process.exitCode = await runCommand(process.argv.slice(2), {
  env: process.env,
  stdout: (text) => process.stdout.write(text),
  stderr: (text) => process.stderr.write(text),
  readInput: () => readFileSync(0),
});

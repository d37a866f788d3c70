// What a fresh machine with only Node and npm may lack: a Chromium for the browser suite, and curl for the
// tests that run printed curl command lines. Each is used when found and otherwise skipped with a notice
// (test/setup/global.ts prints it); REQUIRE_ALL_SUITES=1, which .ci/run sets, makes a missing one a failure.
import { spawnSync } from "node:child_process";
import { existsSync } from "node:fs";
import { chromium } from "playwright-core";

/** Set by .ci/run: every optional suite must run, and a missing tool fails it instead of skipping it. */
export const REQUIRE_ALL_SUITES = process.env.REQUIRE_ALL_SUITES === "1";

/** Where a Chromium or Chrome is looked for, after CHROMIUM_PATH. */
const CHROMIUM_CANDIDATES = [
  "/usr/bin/chromium",
  "/usr/bin/chromium-browser",
  "/usr/bin/google-chrome",
  "/usr/bin/google-chrome-stable",
  "/snap/bin/chromium",
  "/Applications/Google Chrome.app/Contents/MacOS/Google Chrome",
  "/Applications/Chromium.app/Contents/MacOS/Chromium",
];

/** The Chromium the browser suite drives: CHROMIUM_PATH when set (it must exist), else the first one found. */
export function findChromium(): string | undefined {
  const chosen = process.env.CHROMIUM_PATH;
  if (chosen !== undefined && chosen !== "") return chosen;
  let managed: string | undefined;
  try {
    // A browser `npx playwright-core install chromium` downloaded, if any.
    managed = chromium.executablePath();
  } catch {
    managed = undefined;
  }
  return [...CHROMIUM_CANDIDATES, ...(managed === undefined ? [] : [managed])].find((file) => existsSync(file));
}

/** Whether `curl` runs from PATH. */
export function hasCurl(): boolean {
  return spawnSync("curl", ["--version"], { stdio: "ignore", timeout: 10_000 }).status === 0;
}

/** What to do without Chromium, for the message and the notice. */
export const CHROMIUM_HINT =
  "install it (Debian/Ubuntu: sudo apt-get update && sudo apt-get install -y chromium) or set CHROMIUM_PATH to a Chromium or Chrome binary";

export const CURL_HINT = "install it (Debian/Ubuntu: sudo apt-get install -y curl)";

/** The one-line notices for what is missing: printed once per run, before the tests. */
export function missingToolNotices(): string[] {
  const notices: string[] = [];
  if (findChromium() === undefined) {
    notices.push(
      `the browser suite (test/runtimes.test.ts) is skipped: no Chromium found; to run it, ${CHROMIUM_HINT}`,
    );
  }
  if (!hasCurl()) {
    notices.push(
      `the curl cases (test/adapters.test.ts, test/cli.test.ts) are skipped: no curl on PATH; to run them, ${CURL_HINT}`,
    );
  }
  return notices;
}

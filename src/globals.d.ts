/** The package version, replaced at build time from package.json (tsup and vitest `define`). */
declare const __VERSION__: string;

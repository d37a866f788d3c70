// Request options → one POSIX shell command line that runs curl.

import { EndpointError } from "../base/errors.js";
import type { RequestOptions } from "../types/options.js";
import { bodyForm, checkFullUrl, checkRequestOptions, utf8 } from "./adapters.js";

/** Characters that need no quoting in a POSIX shell word. */
function isPlainWordCode(code: number): boolean {
  return (
    (code >= 48 && code <= 57) || // 0-9
    ((code | 32) >= 97 && (code | 32) <= 122) || // a-z A-Z
    code === 95 || // _
    code === 45 || // -
    code === 46 || // .
    code === 47 || // /
    code === 58 || // :
    code === 61 || // =
    code === 64 || // @
    code === 44 || // ,
    code === 43 // +
  );
}

/**
 * Quotes a word for a POSIX shell: inside single quotes nothing is special (`$`, backticks, `\`, newlines,
 * any Unicode), and a single quote itself is written `'\''` (close, escaped quote, reopen).
 */
export function shellQuote(word: string): string {
  if (word !== "") {
    let plain = true;
    for (let i = 0; i < word.length && plain; i++) plain = isPlainWordCode(word.charCodeAt(i));
    if (plain) return word;
  }
  return `'${word.replaceAll("'", `'\\''`)}'`;
}

/**
 * A POSIX `printf` format that writes exactly these bytes: printable ASCII as it is, everything else (and
 * `'`, `\`, `%`) as a three-digit octal escape, so the format holds no NUL and survives copy and paste. A
 * leading `-` is escaped too: printf would read a format that starts with one as its options (`-v`, `--`)
 * and write nothing. No other byte can make printf read its format as anything but a format.
 */
function printfFormat(bytes: Uint8Array): string {
  let format = "";
  for (let i = 0; i < bytes.length; i++) {
    const byte = bytes[i] as number;
    const printable =
      byte >= 32 && byte <= 126 && byte !== 39 && byte !== 92 && byte !== 37 && !(byte === 45 && i === 0);
    format += printable ? String.fromCharCode(byte) : `\\${byte.toString(8).padStart(3, "0")}`;
  }
  return `'${format}'`;
}

/** Text that can go inside a command line as it is: no NUL, and no control character but tab and newline. */
function isInlineText(text: string): boolean {
  for (let i = 0; i < text.length; i++) {
    const code = text.charCodeAt(i);
    if ((code < 32 && code !== 9 && code !== 10) || code === 127) return false;
    // A lone surrogate has no UTF-8 form on a command line; the printf form sends U+FFFD as fetch does.
    if (code >= 0xd800 && code <= 0xdfff) {
      const next = text.charCodeAt(i + 1);
      if (code >= 0xdc00 || !(next >= 0xdc00 && next <= 0xdfff)) return false;
      i++;
    }
  }
  return true;
}

/**
 * One shell-safe `curl` command line that sends these request options exactly, and prints the response and
 * curl's errors, never its progress meter (`-sS`): `-X` only when curl would
 * pick another method, every header as `-H 'name: value'`, and curl's own accept, user-agent and
 * content-type defaults removed when the request options do not have them. A text body goes inline with
 * `--data-raw` (which, unlike `--data-binary`, never reads a file for a leading `@`); a body with bytes
 * that are not printable text is written by `printf` with octal escapes and piped into `--data-binary @-`.
 * Blob, FormData and stream bodies cannot be written into a command line: `ERR_INVALID_PARAMETER`.
 * @example
 * toCurl(endpoint("GET /user"))
 * // → curl -sS -H 'accept: application/vnd.github.v3+json' -H 'user-agent: endpoint-options/0.1.0' https://api.github.com/user
 */
export function toCurl(requestOptions: RequestOptions): string {
  const { method, url, headers, body } = checkRequestOptions(requestOptions, "toCurl");
  checkFullUrl(url, "toCurl");
  const form = bodyForm(body);
  // -sS: no progress meter (curl writes one to stderr whenever its output is not a terminal, as in
  // `… | sh > out.json` or `sh -c "$(…)" | jq`), but errors still.
  const words = ["curl", "-sS"];
  let input: string | undefined;
  let data: readonly string[] = [];
  let contentType: string | undefined;
  switch (form.kind) {
    case "none":
      break;
    case "text": {
      contentType = form.contentType;
      if (isInlineText(form.text)) data = ["--data-raw", shellQuote(form.text)];
      else {
        input = printfFormat(utf8(form.text));
        data = ["--data-binary", "@-"];
      }
      break;
    }
    case "bytes":
      input = printfFormat(form.bytes);
      data = ["--data-binary", "@-"];
      break;
    case "fetch-only":
    case "node-stream":
      throw new EndpointError(
        "ERR_INVALID_PARAMETER",
        `toCurl() cannot write ${form.kind === "fetch-only" ? form.what : "a stream"} body into a command line; turn it into bytes first, or save it to a file and send it with curl --data-binary @file`,
      );
  }
  if (method === "HEAD") words.push("--head");
  else if (method !== (data.length > 0 ? "POST" : "GET")) words.push("-X", method);
  const all =
    contentType !== undefined && !Object.hasOwn(headers, "content-type")
      ? { ...headers, "content-type": contentType }
      : headers;
  for (const name of Object.keys(all)) {
    const value = all[name] as string;
    // `-H 'name:'` would remove the header; `-H 'name;'` is curl's way to send it empty.
    words.push("-H", shellQuote(value === "" ? `${name};` : `${name}: ${value}`));
  }
  // curl adds these on its own; an empty value removes them, so only the request options' headers go out.
  for (const name of ["accept", "user-agent"]) if (!Object.hasOwn(all, name)) words.push("-H", shellQuote(`${name}:`));
  if (data.length > 0 && !Object.hasOwn(all, "content-type")) words.push("-H", shellQuote("content-type:"));
  // fetch and node:http send a POST without a body with content-length: 0; curl sends none, and some
  // servers answer 411 Length Required.
  if (method === "POST" && form.kind === "none" && !Object.hasOwn(all, "content-length")) {
    words.push("-H", shellQuote("content-length: 0"));
  }
  words.push(...data);
  // curl reads [] and {} in a url as a glob pattern; --globoff sends them as they are.
  if (/[[\]{}]/.test(url)) words.push("--globoff");
  words.push(shellQuote(url));
  const command = words.join(" ");
  return input === undefined ? command : `printf ${input} | ${command}`;
}

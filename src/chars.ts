// Character classes for the hand-written scanners: no regular expression runs on caller input.

// Each takes a UTF-16 code unit, or NaN past the end of a string, which belongs to no class.

/** A lookup table of the ASCII characters in `chars`: 1 for a member, 0 otherwise. */
export function charSet(chars: string): Uint8Array {
  const table = new Uint8Array(128);
  for (let i = 0; i < chars.length; i++) table[chars.charCodeAt(i)] = 1;
  return table;
}

/** Letters and digits, the start of every set below. */
export const ALPHANUMERIC = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789";

/** `\w` of a regular expression. */
const WORD = charSet(`${ALPHANUMERIC}_`);
const WORD_OR_DASH = charSet(`${ALPHANUMERIC}_-`);
const HEX = charSet("0123456789ABCDEFabcdef");

export function isAlpha(code: number): boolean {
  return (code | 32) >= 97 && (code | 32) <= 122;
}

export function isDigit(code: number): boolean {
  return code >= 48 && code <= 57;
}

/** `\w`: letters, digits and `_`. */
export function isWordChar(code: number): boolean {
  return WORD[code] === 1;
}

/** `[\w-]`. */
export function isWordOrDash(code: number): boolean {
  return WORD_OR_DASH[code] === 1;
}

export function isHexDigit(code: number): boolean {
  return HEX[code] === 1;
}

/** C0 and C1 control characters and DEL: never meant to stand raw in a url. */
export function isControl(code: number): boolean {
  return code < 32 || (code >= 127 && code <= 159);
}

/** The index of the first control character in `text`, or -1. */
export function controlCharacterAt(text: string): number {
  for (let i = 0; i < text.length; i++) if (isControl(text.charCodeAt(i))) return i;
  return -1;
}

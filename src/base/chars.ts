// Character classes for the hand-written scanners: no regular expression runs on caller input.

// Each takes a UTF-16 code unit, or NaN past the end of a string, which belongs to no class.

/** A lookup table of the ASCII letters and digits and the characters in `extra`: 1 for a member, 0 otherwise. */
export function charSet(extra: string): Uint8Array {
  const table = new Uint8Array(128);
  for (let code = 48; code < 123; code++) if (isAlpha(code) || isDigit(code)) table[code] = 1;
  for (let i = 0; i < extra.length; i++) table[extra.charCodeAt(i)] = 1;
  return table;
}

/** `\w` of a regular expression. */
const WORD = charSet("_");
const WORD_OR_DASH = charSet("_-");

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
  return isDigit(code) || ((code | 32) >= 97 && (code | 32) <= 102);
}

/** C0 and C1 control characters and DEL: never meant to stand raw in a url. */
export function isControl(code: number): boolean {
  return code < 32 || (code >= 127 && code <= 159);
}

/**
 * What JavaScript's trim() takes for white space beyond ASCII (no-break, em and ideographic spaces, the
 * byte order mark, the line and paragraph separators), and the zero-width space: none is visible in a route.
 */
export function isUnicodeSpace(code: number): boolean {
  return (
    code === 0xa0 ||
    code === 0x1680 ||
    (code >= 0x2000 && code <= 0x200b) ||
    code === 0x2028 ||
    code === 0x2029 ||
    code === 0x202f ||
    code === 0x205f ||
    code === 0x3000 ||
    code === 0xfeff
  );
}

/** A code point as Unicode writes it: `U+00A0`. */
export function codePointName(point: number): string {
  return `U+${point.toString(16).toUpperCase().padStart(4, "0")}`;
}

/** The index of the first control character in `text`, or -1. */
export function controlCharacterAt(text: string): number {
  for (let i = 0; i < text.length; i++) if (isControl(text.charCodeAt(i))) return i;
  return -1;
}

/**
 * RFC 6570 section 2.1: the ASCII characters a template's literal text holds as they are. The grammar
 * leaves out `'`, but the official test suite's examples (`'{var}'`, from the RFC's own) use it.
 */
// Marked pure: a bundle without `parseTemplate` (an `endpoint`-only one) drops the table.
const LITERAL = /* @__PURE__ */ charSet("!#$&'()*+,-./:;=?@[]_~");

/**
 * The index of the first character of `text[start, end)` that RFC 6570 (section 2.1) forbids in literal
 * text, or -1. Beyond the ASCII set above: `%` starting a percent-encoded byte, and ucschar and
 * iprivate code points (no lone surrogates, no noncharacters such as U+FFFE).
 */
export function invalidLiteralAt(text: string, start: number, end: number): number {
  for (let i = start; i < end; i++) {
    const code = text.charCodeAt(i);
    if (code < 128) {
      if (code === 37 /* % */) {
        if (!isHexDigit(text.charCodeAt(i + 1)) || !isHexDigit(text.charCodeAt(i + 2)) || i + 2 >= end) return i;
        i += 2;
      } else if (LITERAL[code] !== 1) {
        return i;
      }
      continue;
    }
    const point = text.codePointAt(i) as number;
    if (point > 0xffff) {
      // Planes 1–16 up to xFFFD, except E0000–E0FFF (tags and variation selectors).
      if ((point & 0xffff) > 0xfffd || (point >= 0xe0000 && point < 0xe1000)) return i;
      i++;
    } else if (
      !(
        (point >= 0xa0 && point <= 0xd7ff) ||
        (point >= 0xe000 && point <= 0xfdcf) ||
        (point >= 0xfdf0 && point <= 0xffef)
      )
    ) {
      return i;
    }
  }
  return -1;
}

// lz-string's compressToBase64 (pieroxy's LZString 1.4): the compressed form f-puzzles and SudokuPad links
// carry (https://www.f-puzzles.com/?load=..., https://sudokupad.app/fpuzzles...). The module decodes it
// (src/sudoku/io/lz_string.cpp); the page only writes it, for its share link and the links out. Written here
// (no library is downloaded); tests/web/test_web.py checks it against Debian's python3-lzstring.
/* exported compressToBase64 */
'use strict';

const LZ_BASE64 = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/=';

function compressToBase64(input) {
  const out = [];
  let value = 0;
  let position = 0;
  // Bits go out lowest first, six to a base64 character.
  const bits = (count, v) => {
    for (let i = 0; i < count; ++i) {
      value = (value << 1) | (v & 1);
      v >>= 1;
      if (position === 5) {
        out.push(LZ_BASE64.charAt(value));
        position = 0;
        value = 0;
      } else {
        ++position;
      }
    }
  };
  const dictionary = new Map();
  const fresh = new Set();  // single characters not yet written out literally
  let size = 3;
  let width = 2;
  let enlargeIn = 2;
  const shrink = () => {
    if (--enlargeIn === 0) {
      enlargeIn = 2 ** width;
      ++width;
    }
  };
  const emit = (w) => {
    if (fresh.has(w)) {
      const code = w.charCodeAt(0);
      if (code < 256) {
        bits(width, 0);
        bits(8, code);
      } else {
        bits(width, 1);
        bits(16, code);
      }
      shrink();
      fresh.delete(w);
    } else {
      bits(width, dictionary.get(w));
    }
    shrink();
  };
  let w = '';
  for (const c of input.split('')) {
    if (!dictionary.has(c)) {
      dictionary.set(c, size++);
      fresh.add(c);
    }
    const wc = w + c;
    if (dictionary.has(wc)) {
      w = wc;
    } else {
      emit(w);
      dictionary.set(wc, size++);
      w = c;
    }
  }
  if (w !== '') emit(w);
  bits(width, 2);
  // The last character, padded with zero bits.
  for (;;) {
    value <<= 1;
    if (position === 5) {
      out.push(LZ_BASE64.charAt(value));
      break;
    }
    ++position;
  }
  const text = out.join('');
  return text + '='.repeat((4 - text.length % 4) % 4);
}

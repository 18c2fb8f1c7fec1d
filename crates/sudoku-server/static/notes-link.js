// The player's notes in the page's link (`&n=`), so they survive a reload and go with a shared
// link, as the eliminations of applied hints do (`&x=`).
//
// The 81 centre masks, then the 81 corner masks (9 bits each, digit d at bit d-1, cell 0
// first), are packed into 1,458 bits, most significant bit first, and written 6 bits to a
// character in base64url (A-Z a-z 0-9 - _); trailing 'A's (zero bits) are left out. So the
// parameter is at most 243 characters however many notes there are, and a few notes in the
// first rows take a few characters. Reading checks everything and gives null for anything
// that is not such a text, so a bad link loads without notes and says so, never half of them.

const CELLS = 81;
const BITS = 2 * CELLS * 9;
const MAX = BITS / 6; // 243
const ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_';

/** The `n` parameter for `centre` and `corner` (81 masks each); '' when there is no note. */
export function encodeNotes(centre, corner) {
  const bits = [];
  for (const mask of [...centre, ...corner]) {
    for (let b = 8; b >= 0; b -= 1) bits.push((mask >> b) & 1);
  }
  let text = '';
  for (let k = 0; k < BITS; k += 6) {
    let v = 0;
    for (let b = 0; b < 6; b += 1) v = (v << 1) | bits[k + b];
    text += ALPHABET[v];
  }
  return text.replace(/A+$/, '');
}

/**
 * The notes of an `n` parameter, `{centre, corner}` (81 masks each), or null if `text` is not
 * one: a character outside base64url, or longer than 243. `clues` (81 digits, 0 for a blank):
 * a note on a given is refused too, as no page writes one.
 */
export function decodeNotes(text, clues) {
  if (typeof text !== 'string' || text.length > MAX || !/^[A-Za-z0-9_-]*$/.test(text)) return null;
  const bits = [];
  for (let k = 0; k < MAX; k += 1) {
    const v = k < text.length ? ALPHABET.indexOf(text[k]) : 0;
    for (let b = 5; b >= 0; b -= 1) bits.push((v >> b) & 1);
  }
  const masks = [];
  for (let m = 0; m < 2 * CELLS; m += 1) {
    let mask = 0;
    for (let b = 0; b < 9; b += 1) mask = (mask << 1) | bits[m * 9 + b];
    masks.push(mask);
  }
  const centre = masks.slice(0, CELLS);
  const corner = masks.slice(CELLS);
  if (clues && clues.some((v, i) => v && (centre[i] || corner[i]))) return null;
  return { centre, corner };
}

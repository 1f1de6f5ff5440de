/**
 * A username's confusable skeleton (Unicode TR39 section 4): two names with the same skeleton look
 * alike (`carol`, `caro1`, `cаrol` with a Cyrillic a, `CAROL`), so only one of them may exist
 * (docs/product/accounts.md#usernames). The mapping is Unicode's confusables.txt, through unhomoglyph; TR39's
 * skeleton is NFD, that mapping, NFD again. It is taken of the compatibility form (NFKC, so
 * full-width letters are their plain ones) and again after lower-casing, since names are compared
 * regardless of case and `I` (a capital i) looks like `l`; runs of spaces count as one.
 *
 * The stored skeletons depend on this function: a change to it (or to unhomoglyph's tables) needs a
 * migration that writes them again.
 */
import unhomoglyph from 'unhomoglyph';

function prototype(text: string): string {
  return unhomoglyph(text.normalize('NFD')).normalize('NFD');
}

export function usernameSkeleton(username: string): string {
  return prototype(prototype(username.normalize('NFKC')).toLowerCase()).replace(/\s+/g, ' ');
}

/**
 * The two look-alike rules of a username that both sides check (docs/product/accounts.md#usernames): no
 * invisible or blank character (zero-width marks, the Hangul fillers, spaces other than the plain
 * one), and the letters of one script, as Unicode TR39's "highly restrictive" level reads it (its
 * section 5.1, resolved script sets): Latin may go with Han and the Japanese kana, with Han and
 * Hangul, or with Han and Bopomofo, and digits, spaces and `. _ -` (script Common) go with any.
 * The scripts come from the JavaScript engine's own Unicode tables (Script_Extensions), so nothing
 * is copied here but their names.
 */

/** Characters that show as nothing, or as a blank other than the plain space. */
const INVISIBLE = /[\p{Default_Ignorable_Code_Point}\p{Cf}\p{Cc}\p{Zl}\p{Zp}\u2800]|(?! )\p{Zs}/u;

export function hasInvisibleCharacters(text: string): boolean {
  return INVISIBLE.test(text);
}

/** Script names as Unicode property values (Unicode 15; Common and Inherited go with any). */
const SCRIPTS: readonly string[] = [
  'Adlam',
  'Ahom',
  'Anatolian_Hieroglyphs',
  'Arabic',
  'Armenian',
  'Avestan',
  'Balinese',
  'Bamum',
  'Bassa_Vah',
  'Batak',
  'Bengali',
  'Bhaiksuki',
  'Bopomofo',
  'Brahmi',
  'Braille',
  'Buginese',
  'Buhid',
  'Canadian_Aboriginal',
  'Carian',
  'Caucasian_Albanian',
  'Chakma',
  'Cham',
  'Cherokee',
  'Chorasmian',
  'Coptic',
  'Cuneiform',
  'Cypriot',
  'Cypro_Minoan',
  'Cyrillic',
  'Deseret',
  'Devanagari',
  'Dives_Akuru',
  'Dogra',
  'Duployan',
  'Egyptian_Hieroglyphs',
  'Elbasan',
  'Elymaic',
  'Ethiopic',
  'Georgian',
  'Glagolitic',
  'Gothic',
  'Grantha',
  'Greek',
  'Gujarati',
  'Gunjala_Gondi',
  'Gurmukhi',
  'Han',
  'Hangul',
  'Hanifi_Rohingya',
  'Hanunoo',
  'Hatran',
  'Hebrew',
  'Hiragana',
  'Imperial_Aramaic',
  'Inscriptional_Pahlavi',
  'Inscriptional_Parthian',
  'Javanese',
  'Kaithi',
  'Kannada',
  'Katakana',
  'Kayah_Li',
  'Kharoshthi',
  'Khitan_Small_Script',
  'Khmer',
  'Khojki',
  'Khudawadi',
  'Lao',
  'Latin',
  'Lepcha',
  'Limbu',
  'Linear_A',
  'Linear_B',
  'Lisu',
  'Lycian',
  'Lydian',
  'Mahajani',
  'Makasar',
  'Malayalam',
  'Mandaic',
  'Manichaean',
  'Marchen',
  'Masaram_Gondi',
  'Medefaidrin',
  'Meetei_Mayek',
  'Mende_Kikakui',
  'Meroitic_Cursive',
  'Meroitic_Hieroglyphs',
  'Miao',
  'Modi',
  'Mongolian',
  'Mro',
  'Multani',
  'Myanmar',
  'Nabataean',
  'Nandinagari',
  'New_Tai_Lue',
  'Newa',
  'Nko',
  'Nushu',
  'Nyiakeng_Puachue_Hmong',
  'Ogham',
  'Ol_Chiki',
  'Old_Hungarian',
  'Old_Italic',
  'Old_North_Arabian',
  'Old_Permic',
  'Old_Persian',
  'Old_Sogdian',
  'Old_South_Arabian',
  'Old_Turkic',
  'Old_Uyghur',
  'Oriya',
  'Osage',
  'Osmanya',
  'Pahawh_Hmong',
  'Palmyrene',
  'Pau_Cin_Hau',
  'Phags_Pa',
  'Phoenician',
  'Psalter_Pahlavi',
  'Rejang',
  'Runic',
  'Samaritan',
  'Saurashtra',
  'Sharada',
  'Shavian',
  'Siddham',
  'SignWriting',
  'Sinhala',
  'Sogdian',
  'Sora_Sompeng',
  'Soyombo',
  'Sundanese',
  'Syloti_Nagri',
  'Syriac',
  'Tagalog',
  'Tagbanwa',
  'Tai_Le',
  'Tai_Tham',
  'Tai_Viet',
  'Takri',
  'Tamil',
  'Tangsa',
  'Tangut',
  'Telugu',
  'Thaana',
  'Thai',
  'Tibetan',
  'Tifinagh',
  'Tirhuta',
  'Toto',
  'Ugaritic',
  'Vai',
  'Vithkuqi',
  'Wancho',
  'Warang_Citi',
  'Yezidi',
  'Yi',
  'Zanabazar_Square',
];

/** The mixes TR39's highly restrictive level allows, besides any one script alone. */
const MIXES: readonly (readonly string[])[] = [
  ['Latin', 'Han', 'Hiragana', 'Katakana'],
  ['Latin', 'Han', 'Hangul'],
  ['Latin', 'Han', 'Bopomofo'],
];

let patterns: RegExp[] | undefined;

/**
 * One pattern per script and per allowed mix: the whole text in it, Common and Inherited included.
 * Made at first use; a name an older engine does not know is left out (its letters then fail every
 * pattern, which refuses them rather than passing them).
 */
function scriptPatterns(): RegExp[] {
  patterns ??= [...SCRIPTS.map((script) => [script]), ...MIXES].flatMap((scripts) => {
    const classes = [...scripts, 'Common', 'Inherited'].map((s) => `\\p{scx=${s}}`).join('');
    try {
      return [new RegExp(`^[${classes}]*$`, 'u')];
    } catch {
      return [];
    }
  });
  return patterns;
}

/** True when every letter of the text belongs to one script (or to one allowed mix of scripts). */
export function isSingleScript(text: string): boolean {
  return scriptPatterns().some((pattern) => pattern.test(text));
}

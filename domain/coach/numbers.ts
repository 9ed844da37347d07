// Numbers written in words, as people type amounts ("two hundred bucks", "fifty dollars", "a grand",
// "twelve hundred", "three thousand five hundred"): turned into digits so the amount reader sees
// "200 bucks". Only runs of number words become digits; everything else is left as typed. Pure.

const UNITS: Record<string, number> = {
  zero: 0,
  one: 1,
  two: 2,
  three: 3,
  four: 4,
  five: 5,
  six: 6,
  seven: 7,
  eight: 8,
  nine: 9,
  ten: 10,
  eleven: 11,
  twelve: 12,
  thirteen: 13,
  fourteen: 14,
  fifteen: 15,
  sixteen: 16,
  seventeen: 17,
  eighteen: 18,
  nineteen: 19,
  twenty: 20,
  thirty: 30,
  forty: 40,
  fourty: 40,
  fifty: 50,
  sixty: 60,
  seventy: 70,
  eighty: 80,
  ninety: 90,
};
const SCALES: Record<string, number> = { hundred: 100, thousand: 1_000, grand: 1_000, million: 1_000_000 };
const WORD = new RegExp(
  String.raw`\b(?:(?:a|an|${Object.keys(UNITS).join('|')}|${Object.keys(SCALES).join('|')})(?:[\s-]+(?:and[\s-]+)?|\b))+`,
  'gi',
);

/** The value of a run of number words ("three thousand five hundred" → 3500), or null. */
function valueOf(run: string): number | null {
  const words = run
    .toLowerCase()
    .split(/[\s-]+/)
    .filter((w) => w && w !== 'and');
  if (words.every((w) => w === 'a' || w === 'an')) return null;
  let total = 0;
  let current = 0;
  let seen = false;
  for (const [i, w] of words.entries()) {
    if (w === 'a' || w === 'an') {
      // "a grand", "a hundred": one of the scale that follows; otherwise not a number.
      const next = words[i + 1];
      if (!next || !(next in SCALES)) return null;
      current = 1;
      continue;
    }
    if (w in UNITS) {
      // "seven fifty", "twelve ninety-nine": hundreds and the rest, as prices are said.
      if (UNITS[w]! >= 10 && current > 0 && current < 20) current = current * 100 + UNITS[w]!;
      else current += UNITS[w]!;
      seen = true;
    } else if (w === 'hundred') {
      current = (current || 1) * 100;
      seen = true;
    } else {
      total += (current || 1) * SCALES[w]!;
      current = 0;
      seen = true;
    }
  }
  return seen ? total + current : null;
}

/** The text with each run of number words written in digits ("two hundred bucks" → "200 bucks"). */
export function wordsToDigits(text: string): string {
  // "a couple hundred", "a couple of grand": two of them.
  const couple = text.replace(/\b(?:a )?couple(?: of)? (hundred|thousand|grand)\b/gi, 'two $1');
  return couple.replace(WORD, (whole) => {
    // "a twelve hundred dollar couch": the article stays; the number after it is read.
    const article = /^(an?[\s-]+)(\S+)/i.exec(whole);
    const lead = article && !(article[2]!.toLowerCase() in SCALES) ? article[1]! : '';
    const run = whole.slice(lead.length);
    if (!run) return whole;
    const trailing = /[\s-]+$/.exec(run)?.[0] ?? '';
    const grand = /\bgrand\b/i.test(run);
    const value = valueOf(run);
    if (value === null) return whole;
    // "a grand" keeps its word for the amount reader's "1 grand"; others become plain digits.
    return `${lead}${grand ? `${value / 1000} grand` : String(value)}${trailing}`;
  });
}

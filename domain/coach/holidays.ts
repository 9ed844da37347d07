// Holidays by name, as people use them for a date ("before thanksgiving", "can i afford $300 for
// christmas", "what happened on the 4th of july"): the US holidays and everyday occasions a budget
// meets, each with its rule (a fixed day, the nth weekday of a month, the last Monday of May, Easter),
// so the next occurrence (or the last one, for the past) is found for any year. Pure.

type Rule =
  | { readonly fixed: readonly [month: number, day: number] }
  /** The nth (1-based; -1 = last) weekday (0 = Sunday) of a month (1-based). */
  | { readonly nth: readonly [n: number, weekday: number, month: number]; readonly offset?: number }
  | { readonly easter: true };

interface Holiday {
  readonly name: string;
  readonly words: RegExp;
  readonly rule: Rule;
}

const HOLIDAYS: readonly Holiday[] = [
  { name: "New Year's Eve", words: /\bnew ?years? eve\b|\bnye\b/, rule: { fixed: [12, 31] } },
  { name: "New Year's Day", words: /\bnew ?year'?s?( day)?\b/, rule: { fixed: [1, 1] } },
  {
    name: 'Martin Luther King Jr. Day',
    words: /\bmlk( day)?\b|\bmartin luther king\b/,
    rule: { nth: [3, 1, 1] },
  },
  { name: "Valentine's Day", words: /\bvalentine'?s?( day)?\b/, rule: { fixed: [2, 14] } },
  { name: "Presidents' Day", words: /\bpresidents'? ?day\b/, rule: { nth: [3, 1, 2] } },
  {
    name: "St. Patrick's Day",
    words: /\b(st\.? ?|saint )?patrick'?s day\b|\bst\.? ?paddy'?s\b/,
    rule: { fixed: [3, 17] },
  },
  { name: 'Easter', words: /\beaster\b/, rule: { easter: true } },
  { name: "Mother's Day", words: /\bmother'?s'? ?day\b|\bmoms? day\b/, rule: { nth: [2, 0, 5] } },
  { name: 'Memorial Day', words: /\bmemorial day\b/, rule: { nth: [-1, 1, 5] } },
  { name: "Father's Day", words: /\bfather'?s'? ?day\b|\bdads? day\b/, rule: { nth: [3, 0, 6] } },
  { name: 'Juneteenth', words: /\bjuneteenth\b/, rule: { fixed: [6, 19] } },
  {
    name: 'the Fourth of July',
    words: /\b(the )?(4th|fourth) of july\b|\bjuly (4th|4|fourth)\b|\bindependence day\b/,
    rule: { fixed: [7, 4] },
  },
  { name: 'Labor Day', words: /\blabou?r day\b/, rule: { nth: [1, 1, 9] } },
  { name: 'Halloween', words: /\bhall?oween\b/, rule: { fixed: [10, 31] } },
  { name: 'Veterans Day', words: /\bveterans'? day\b/, rule: { fixed: [11, 11] } },
  { name: 'Black Friday', words: /\bblack friday\b/, rule: { nth: [4, 4, 11], offset: 1 } },
  { name: 'Cyber Monday', words: /\bcyber monday\b/, rule: { nth: [4, 4, 11], offset: 4 } },
  { name: 'Thanksgiving', words: /\bthanks ?giving\b|\bturkey day\b/, rule: { nth: [4, 4, 11] } },
  { name: 'Christmas Eve', words: /\b(christmas|xmas) eve\b/, rule: { fixed: [12, 24] } },
  { name: 'Christmas', words: /\bchristmas\b|\bx-?mas\b|\bchristmas day\b/, rule: { fixed: [12, 25] } },
];

const iso = (y: number, m: number, d: number) => new Date(Date.UTC(y, m - 1, d)).toISOString().slice(0, 10);

/** Easter Sunday (the Anonymous Gregorian algorithm). */
function easter(y: number): string {
  const a = y % 19;
  const b = Math.floor(y / 100);
  const c = y % 100;
  const d = Math.floor(b / 4);
  const e = b % 4;
  const f = Math.floor((b + 8) / 25);
  const g = Math.floor((b - f + 1) / 3);
  const h = (19 * a + b - d - g + 15) % 30;
  const i = Math.floor(c / 4);
  const k = c % 4;
  const l = (32 + 2 * e + 2 * i - h - k) % 7;
  const m = Math.floor((a + 11 * h + 22 * l) / 451);
  const month = Math.floor((h + l - 7 * m + 114) / 31);
  const day = ((h + l - 7 * m + 114) % 31) + 1;
  return iso(y, month, day);
}

function inYear(rule: Rule, y: number): string {
  if ('fixed' in rule) return iso(y, rule.fixed[0], rule.fixed[1]);
  if ('easter' in rule) return easter(y);
  const [n, weekday, month] = rule.nth;
  let day: number;
  if (n > 0) {
    const first = new Date(Date.UTC(y, month - 1, 1)).getUTCDay();
    day = 1 + ((weekday - first + 7) % 7) + 7 * (n - 1);
  } else {
    const lastDate = new Date(Date.UTC(y, month, 0));
    day = lastDate.getUTCDate() - ((lastDate.getUTCDay() - weekday + 7) % 7);
  }
  return iso(y, month, day + (rule.offset ?? 0));
}

export interface HolidayDate {
  readonly name: string;
  readonly date: string;
}

/**
 * The holiday a text names and its date: the next one on or after today, or with `prefer: 'past'` the
 * latest on or before today. Null when no holiday is named.
 */
export function findHoliday(
  text: string,
  today: string,
  prefer: 'future' | 'past' = 'future',
): HolidayDate | null {
  const t = text.toLowerCase();
  const holiday = HOLIDAYS.find((h) => h.words.test(t));
  if (!holiday) return null;
  const y = Number(today.slice(0, 4));
  const candidates = [y - 1, y, y + 1].map((year) => inYear(holiday.rule, year));
  const date =
    prefer === 'future'
      ? candidates.find((d) => d >= today)
      : [...candidates].reverse().find((d) => d <= today);
  return date ? { name: holiday.name, date } : null;
}

// The amounts, dates, months and windows in a money question ("$1,200", "1.2k", "a couple hundred",
// "next Friday", "on the 15th", a holiday by name, "in March", "this week"), read for the offline
// coach's question reader (question.ts). Pure: the caller gives today's date.
import { findHoliday } from './holidays.ts';
import { wordsToDigits } from './numbers.ts';

const WEEKDAYS = ['sunday', 'monday', 'tuesday', 'wednesday', 'thursday', 'friday', 'saturday'];
const MONTHS = [
  'january',
  'february',
  'march',
  'april',
  'may',
  'june',
  'july',
  'august',
  'september',
  'october',
  'november',
  'december',
];
const MONTH_RE =
  '(jan(?:uary)?|feb(?:ruary)?|mar(?:ch)?|apr(?:il)?|may|june?|july?|aug(?:ust)?|sep(?:t(?:ember)?)?|oct(?:ober)?|nov(?:ember)?|dec(?:ember)?)';

function monthIndex(word: string): number {
  return MONTHS.findIndex((m) => m.startsWith(word.slice(0, 3).toLowerCase()));
}

const iso = (d: Date) => d.toISOString().slice(0, 10);
function parts(date: string): [number, number, number] {
  return date.split('-').map(Number) as [number, number, number];
}
function utc(y: number, m: number, d: number): Date {
  return new Date(Date.UTC(y, m, d));
}
function addDaysIso(date: string, n: number): string {
  const [y, m, d] = parts(date);
  return iso(utc(y, m - 1, d + n));
}
function daysInMonth(y: number, m0: number): number {
  return utc(y, m0 + 1, 0).getUTCDate();
}
/** A real calendar date, or null (Feb 30). */
function validDate(y: number, m0: number, d: number): string | null {
  if (m0 < 0 || m0 > 11 || d < 1 || d > daysInMonth(y, m0)) return null;
  return iso(utc(y, m0, d));
}
export function daysBetween(from: string, to: string): number {
  return Math.round((Date.parse(to) - Date.parse(from)) / 86_400_000);
}

// ── amounts ────────────────────────────────────────────────────────────────────────────────────────

/**
 * The money amount in a question, in cents: "$1,200", "$600.50", "1.2k", "2k", "$3 million", "500
 * dollars", or a bare number right after a money verb ("afford 600"). Day numbers ("the 15th"),
 * counts ("3 months") and years are not amounts. A minus sign or "1e9" is a problem, not an amount.
 */
export function parseAmount(text: string): { cents: number | null; problem: string | null } {
  const t = text.toLowerCase().replace(/[‐-―−]/g, '-');
  if (/(^|[\s(])-\s*\$?\d/.test(t) || /\$\s*-\s*\d/.test(t))
    return { cents: null, problem: 'Amounts need to be positive, like 600 or 1.2k.' };
  // A number written as an exponent, standing on its own ("1e9", "$2.5e6"): not digits inside a word,
  // such as a payee's name or a reference ("at zebrac73e34c6").
  if (/(^|[^a-z0-9.])\$?\d+(\.\d+)?e[+-]?\d+(?![a-z0-9])/.test(t))
    return { cents: null, problem: 'Please write the amount in full, like 1,200 dollars.' };
  const patterns: RegExp[] = [
    /\$\s*(\d{1,3}(?:,\d{3})+|\d+)(\.\d{1,2})?\s*(k|m|thousand|million)?\b/,
    /\b(\d{1,3}(?:,\d{3})+|\d+)(\.\d+)?\s*(k|m|thousand|million|grand)\b/,
    /\b(\d{1,3}(?:,\d{3})+|\d+)(\.\d{1,2})?\s*(?:dollars?|bucks?|usd)\b()/,
    // A line to stay above: "under 500", "less than 2,000".
    /\b(?:under|below|beneath|less than|lower than|more than|above|at least)\s+(\d{1,3}(?:,\d{3})+|\d+)(\.\d{1,2})?\b(?!(?:st|nd|rd|th)\b|\s*(?:days?|weeks?|months?|years?|%|am|pm)\b)()/,
    /\b(?:afford|spend|buy|pay|save|saving|put aside|set aside|put|stash|move|swing|splurge|drop|cover|cost(?:s|ing)?|costs?)\s+(?:a\s+|an\s+|another\s+|like\s+|about\s+)?(\d{1,3}(?:,\d{3})+|\d+)(\.\d{1,2})?\b(?!(?:st|nd|rd|th)\b|\s*(?:days?|weeks?|months?|years?|%|am|pm)\b)()/,
  ];
  // Numbers in words ("two hundred bucks", "a grand") are read too; a bare small word after a verb
  // ("afford one more trip") is not an amount.
  const spelled = wordsToDigits(t);
  const tries = patterns.flatMap((re, i) => [
    { re, text: t, min: 0 },
    { re, text: spelled, min: i === patterns.length - 1 ? 10 : 0 },
  ]);
  for (const { re, text: source, min } of tries) {
    const m = re.exec(source);
    if (!m || Number((m[1] ?? '0').replace(/,/g, '')) < min) continue;
    const whole = Number((m[1] ?? '0').replace(/,/g, ''));
    const fraction = m[2] ? Number(m[2]) : 0;
    const scale =
      m[3] === 'k' || m[3] === 'thousand' || m[3] === 'grand'
        ? 1_000
        : m[3] === 'm' || m[3] === 'million'
          ? 1_000_000
          : 1;
    const cents = Math.round((whole + fraction) * scale * 100);
    if (!Number.isSafeInteger(cents))
      return { cents: null, problem: 'That amount is too large to work with.' };
    return { cents, problem: null };
  }
  return { cents: null, problem: null };
}

// ── dates ──────────────────────────────────────────────────────────────────────────────────────────

/**
 * The day a question names: "today", "tomorrow", "(next|this|on) Friday", "on the 15th", "Dec 14",
 * "December 14th", "14 December", "12/14", "2026-12-14", "in 3 weeks", "end of the month", "next
 * month" (its 1st). A date without a year is the next one on or after today, or with `prefer: 'past'`
 * (what happened on…) the latest one on or before today.
 */
export function parseDate(
  text: string,
  today: string,
  prefer: 'future' | 'past' = 'future',
): { date: string | null; problem: string | null } {
  const t = text.toLowerCase();
  const [ty, tm, td] = parts(today);
  /** The same month and day in the year the preference points to. */
  const nearest = (date: string, m0: number, d: number) =>
    prefer === 'future'
      ? date < today
        ? validDate(ty + 1, m0, d)
        : date
      : date > today
        ? validDate(ty - 1, m0, d)
        : date;
  let m: RegExpExecArray | null;
  if ((m = /\b(\d{4})-(\d{2})-(\d{2})\b/.exec(t))) {
    const date = validDate(Number(m[1]), Number(m[2]) - 1, Number(m[3]));
    return date ? { date, problem: null } : { date: null, problem: `${m[0]} is not a real date.` };
  }
  // A holiday by name ("on christmas", "for thanksgiving"), before the weekdays ("black friday").
  const holiday = findHoliday(t, today, prefer);
  if (holiday) return { date: holiday.date, problem: null };
  if (/\btoday\b|\bright now\b|\btonight\b/.test(t)) return { date: today, problem: null };
  if (/\btomorrow\b/.test(t)) return { date: addDaysIso(today, 1), problem: null };
  if (/\byesterday\b/.test(t)) return { date: addDaysIso(today, -1), problem: null };
  if ((m = /\b(?:in|within) (a|one) year\b/.exec(t))) return { date: addDaysIso(today, 365), problem: null };
  if ((m = /\bin (\d{1,3}|a|one|two|three|four|six) (day|week|month)s?\b/.exec(t))) {
    const words: Record<string, number> = { a: 1, one: 1, two: 2, three: 3, four: 4, six: 6 };
    const n = words[m[1] ?? ''] ?? Number(m[1]);
    if (m[2] === 'day') return { date: addDaysIso(today, n), problem: null };
    if (m[2] === 'week') return { date: addDaysIso(today, 7 * n), problem: null };
    const target = utc(ty, tm - 1 + n, 1);
    const d = Math.min(td, daysInMonth(target.getUTCFullYear(), target.getUTCMonth()));
    return { date: iso(utc(target.getUTCFullYear(), target.getUTCMonth(), d)), problem: null };
  }
  if (/\bend of (the |this )?month\b/.test(t)) return { date: iso(utc(ty, tm, 0)), problem: null };
  if (/\bend of (the |this )?year\b/.test(t)) return { date: iso(utc(ty, 11, 31)), problem: null };
  if (/\bend of next year\b/.test(t)) return { date: iso(utc(ty + 1, 11, 31)), problem: null };
  if (/\bend of next month\b/.test(t)) return { date: iso(utc(ty, tm + 1, 0)), problem: null };
  // "this weekend", "on the weekend": the coming Saturday (today on a Saturday); "next weekend" the one after.
  if ((m = /\b(this|next|the|on the|at the|over the) weekend\b/.exec(t))) {
    const dow = utc(ty, tm - 1, td).getUTCDay();
    if (prefer === 'past') return { date: addDaysIso(today, -((dow + 1) % 7)), problem: null };
    const saturday = addDaysIso(today, (6 - dow + 7) % 7);
    return { date: m[1] === 'next' ? addDaysIso(saturday, 7) : saturday, problem: null };
  }
  if ((m = new RegExp(`\\b(next|this|on|coming)?\\s*(${WEEKDAYS.join('|')})\\b`).exec(t))) {
    const target = WEEKDAYS.indexOf(m[2] ?? '');
    const now = utc(ty, tm - 1, td).getUTCDay();
    let ahead = (target - now + 7) % 7;
    if (ahead === 0) ahead = 7;
    return { date: addDaysIso(today, ahead), problem: null };
  }
  if (
    (m = new RegExp(`\\b${MONTH_RE}\\.?\\s+(\\d{1,2})(?:st|nd|rd|th)?(?:,?\\s+(\\d{4}))?\\b`).exec(t)) ||
    (m = new RegExp(`\\b(\\d{1,2})(?:st|nd|rd|th)?\\s+(?:of\\s+)?${MONTH_RE}(?:,?\\s+(\\d{4}))?\\b`).exec(t))
  ) {
    const monthFirst = /^[a-z]/.test(m[1] ?? '');
    const mon = monthIndex(monthFirst ? (m[1] ?? '') : (m[2] ?? ''));
    const d = Number(monthFirst ? m[2] : m[1]);
    const year = m[3] ? Number(m[3]) : null;
    const date = validDate(year ?? ty, mon, d);
    if (!date) return { date: null, problem: `${m[0].trim()} is not a real date.` };
    return { date: year === null ? nearest(date, mon, d) : date, problem: null };
  }
  if ((m = /\b(\d{1,2})\/(\d{1,2})(?:\/(\d{2,4}))?\b/.exec(t))) {
    const yearRaw = m[3] ? Number(m[3]) : null;
    const year = yearRaw === null ? null : yearRaw < 100 ? 2000 + yearRaw : yearRaw;
    const date = validDate(year ?? ty, Number(m[1]) - 1, Number(m[2]));
    if (!date) return { date: null, problem: `${m[0]} is not a real date.` };
    return { date: year === null ? nearest(date, Number(m[1]) - 1, Number(m[2])) : date, problem: null };
  }
  if ((m = /\b(?:on |by )?the (\d{1,2})(?:st|nd|rd|th)\b/.exec(t))) {
    const d = Number(m[1]);
    if (d < 1 || d > 31) return { date: null, problem: `The ${m[1]}th is not a day of the month.` };
    for (let k = 0; k < 3; k += 1) {
      const y = utc(ty, tm - 1 + (prefer === 'future' ? k : -k), 1);
      const date = validDate(
        y.getUTCFullYear(),
        y.getUTCMonth(),
        Math.min(d, daysInMonth(y.getUTCFullYear(), y.getUTCMonth())),
      );
      if (date && (prefer === 'future' ? date >= today : date <= today)) return { date, problem: null };
    }
  }
  if (/\bnext week\b/.test(t)) return { date: addDaysIso(today, 7), problem: null };
  if (/\bnext month\b/.test(t)) return { date: iso(utc(ty, tm, 1)), problem: null };
  // "by June", "before March 2028": the end of that month (a goal's deadline), the next one ahead.
  if (
    prefer === 'future' &&
    (m = new RegExp(`\\b(?:by|before|until|in)\\s+${MONTH_RE}\\b(?:\\s+(\\d{4}))?`).exec(t))
  ) {
    const mon = monthIndex(m[1] ?? '');
    const year = m[2] ? Number(m[2]) : mon >= tm - 1 ? ty : ty + 1;
    return { date: iso(utc(year, mon + 1, 0)), problem: null };
  }
  return { date: null, problem: null };
}

/** A month a question names: "this month", "last month", "in March" (the latest March so far), "March 2026". */
export function parseMonth(text: string, today: string): string | null {
  const t = text.toLowerCase();
  const [ty, tm] = parts(today);
  const at = (y: number, m0: number) => iso(utc(y, m0, 1)).slice(0, 7);
  // "this month vs last month": this month, compared with the one before.
  if (
    /\bthis month\b/.test(t) &&
    /\b(than|vs\.?|versus|compared (to|with)|against) (last|the previous) month\b/.test(t)
  )
    return at(ty, tm - 1);
  if (/\blast month\b|\bprevious month\b/.test(t)) return at(ty, tm - 2);
  if (/\bthis month\b|\bso far\b/.test(t)) return at(ty, tm - 1);
  if (/\bnext month\b/.test(t)) return at(ty, tm);
  const m = new RegExp(`\\b${MONTH_RE}\\b(?:\\s+(\\d{4}))?`).exec(t);
  if (
    m &&
    !/\b\d{1,2}(st|nd|rd|th)?\s+(of\s+)?$/.test(t.slice(0, m.index)) &&
    !new RegExp(`^${MONTH_RE}\\.?\\s+\\d{1,2}(?!\\d)`).test(t.slice(m.index))
  ) {
    const mon = monthIndex(m[1] ?? '');
    if (m[2]) return at(Number(m[2]), mon);
    // "in March": the most recent March that has started (spending is about the past).
    return at(mon <= tm - 1 ? ty : ty - 1, mon);
  }
  return null;
}

/** A window of days: "this week" (7), "next 10 days", "two weeks", "this month" (to its end), "next month". */
export function parseWindow(
  text: string,
  today: string,
  /** "this year" looks ahead to Dec 31, or back to Jan 1 for what happened. */
  direction: 'past' | 'future' = 'future',
): number | null {
  const t = text.toLowerCase();
  const [ty, tm, td] = parts(today);
  let m: RegExpExecArray | null;
  if ((m = /\b(?:next|coming|within|in the next)\s+(\d{1,3})\s+(day|week|month)s?\b/.exec(t))) {
    const n = Number(m[1]);
    return m[2] === 'day' ? n : m[2] === 'week' ? 7 * n : 30 * n;
  }
  if (/\b(this|the) week\b|\bthis weekend\b|\bnext 7 days\b|\bseven days\b/.test(t)) return 7;
  if (/\bnext week\b/.test(t)) return 14;
  if (/\b(two|2) weeks\b|\bfortnight\b/.test(t)) return 14;
  if (/\b(this|the) month\b|\bbefore (the )?end of (the )?month\b/.test(t))
    return daysInMonth(ty, tm - 1) - td;
  if (/\bnext month\b/.test(t)) return daysInMonth(ty, tm - 1) - td + daysInMonth(ty, tm);
  if (/\b(three|3) months\b|\bquarter\b/.test(t)) return 90;
  if (/\b(six|6) months\b/.test(t)) return 180;
  if (/\bthis year\b/.test(t))
    return direction === 'past'
      ? Math.max(1, daysBetween(`${ty}-01-01`, today))
      : Math.max(1, daysBetween(today, `${ty}-12-31`));
  if (/\bthe year\b|\b12 months\b|\bnext year\b/.test(t)) return 365;
  return null;
}

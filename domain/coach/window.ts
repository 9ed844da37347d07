// Windows of time in people's words, anchored to the person's today: a stretch of the past to total
// ("this month so far", "last month", "in march", "last 2 weeks", "since oct 3", "this year") and a
// stretch ahead to look through ("over the next couple months", "before the 1st", "before payday",
// "till 2029"). Ranges and loose dates are read with chrono-node; the words chrono does not know as
// ranges ("couple", "so far", "before payday") are read here. Pure: payday comes from the caller.
import * as chrono from 'chrono-node';
import { findHoliday } from './holidays.ts';
import { dayWords, monthWords } from './verify.ts';

export interface PastRange {
  readonly from: string;
  readonly to: string;
  /** "October 2026", "November 2026 so far", "the last 30 days". */
  readonly label: string;
}

export type Ahead =
  | { readonly kind: 'days'; readonly days: number }
  /** Through the day before the next payday (the caller knows it). */
  | { readonly kind: 'payday' }
  /** Through a day: "before the 1st" is through the day before it; `name` says what it was called
   * ("before Christmas"). */
  | { readonly kind: 'until'; readonly to: string; readonly name?: string }
  /** A year or a date past what a forecast can show. */
  | { readonly kind: 'beyond'; readonly to: string };

const iso = (d: Date) => d.toISOString().slice(0, 10);
const at = (y: number, m0: number, d: number) => iso(new Date(Date.UTC(y, m0, d)));
const parts = (date: string) => date.split('-').map(Number) as [number, number, number];
export const addDaysIso = (date: string, n: number) => {
  const [y, m, d] = parts(date);
  return at(y, m - 1, d + n);
};
const monthEnd = (month: string) => {
  const [y, m] = parts(`${month}-01`);
  return at(y, m, 0);
};
const shiftMonth = (month: string, delta: number) => {
  const [y, m] = parts(`${month}-01`);
  return at(y, m - 1 + delta, 1).slice(0, 7);
};

const NUMBER_WORDS: Record<string, number> = {
  a: 1,
  an: 1,
  one: 1,
  two: 2,
  couple: 2,
  'a couple': 2,
  'a couple of': 2,
  'couple of': 2,
  three: 3,
  few: 3,
  'a few': 3,
  four: 4,
  five: 5,
  six: 6,
  several: 3,
};
const COUNT = String.raw`(\d{1,3}|a couple(?: of)?|couple(?: of)?|a few|few|several|an?|one|two|three|four|five|six)`;
const count = (w: string | undefined) => (w ? (NUMBER_WORDS[w] ?? Number(w)) : 1);

/** A whole month's range, cut at today when it is this month. */
function monthRange(month: string, today: string): PastRange {
  const thisMonth = month === today.slice(0, 7);
  return {
    from: `${month}-01`,
    to: thisMonth ? today : monthEnd(month),
    label: `${monthWords(month)}${thisMonth ? ' so far' : ''}`,
  };
}

const MONTH_NAMES = [
  'jan',
  'feb',
  'mar',
  'apr',
  'may',
  'jun',
  'jul',
  'aug',
  'sep',
  'oct',
  'nov',
  'dec',
] as const;

/** A stretch of the past a question totals over, or null when it names none. */
export function pastRange(text: string, today: string): PastRange | null {
  const t = text.toLowerCase();
  const month = today.slice(0, 7);
  let m: RegExpExecArray | null;
  // "this month vs last month", "this month than last": this month, compared with the one before.
  if (/\bthis month\b/.test(t)) return monthRange(month, today);
  if (/\b(last|previous|past) month\b|\blast mo\b/.test(t)) return monthRange(shiftMonth(month, -1), today);
  if (/\bthis month\b|\bso far\b(?! this year)|\bmonth to date\b|\bthis mo\b/.test(t) && !/\byear\b/.test(t))
    return monthRange(month, today);
  // "since the start of the month", "from the beginning of the year".
  if ((m = /\b(?:since|from) the (?:start|beginning) of (?:the |this )?(month|year)\b/.exec(t)))
    return m[1] === 'month'
      ? monthRange(month, today)
      : { from: `${today.slice(0, 4)}-01-01`, to: today, label: `${today.slice(0, 4)} so far` };
  if (/\bmonth before last\b/.test(t)) return monthRange(shiftMonth(month, -2), today);
  // "two months ago", "3 months ago", "a month ago": that calendar month.
  if ((m = new RegExp(String.raw`\b${COUNT} months? ago\b`).exec(t)) && count(m[1]) <= 24)
    return monthRange(shiftMonth(month, -count(m[1])), today);
  if ((m = new RegExp(String.raw`\b(?:last|past|previous) ${COUNT} (day|week|month)s?\b`).exec(t))) {
    const n = count(m[1]);
    const days = m[2] === 'day' ? n : m[2] === 'week' ? 7 * n : 30 * n;
    return { from: addDaysIso(today, -(days - 1)), to: today, label: `the last ${days} days` };
  }
  if (/\byesterday\b/.test(t)) {
    const day = addDaysIso(today, -1);
    return { from: day, to: day, label: 'yesterday' };
  }
  if (/\btoday\b/.test(t) && /\b(spen[dt]|spending|bought|paid)\b/.test(t))
    return { from: today, to: today, label: 'today' };
  // "this weekend" (Saturday to today), "last weekend" (the Saturday and Sunday before).
  if (/\b(this|last|past) weekend\b/.test(t)) {
    const dow = new Date(`${today}T00:00:00Z`).getUTCDay();
    const saturday = addDaysIso(today, -((dow + 1) % 7));
    if (/\bthis weekend\b/.test(t) && (dow === 6 || dow === 0))
      return { from: saturday, to: today, label: 'this weekend' };
    const last = dow === 6 || dow === 0 ? addDaysIso(saturday, -7) : saturday;
    return { from: last, to: addDaysIso(last, 1), label: 'last weekend' };
  }
  // "last quarter": the calendar quarter before this one.
  if (/\b(last|past|previous) quarter\b/.test(t)) {
    const [y, m] = parts(today);
    const q = Math.floor((m - 1) / 3);
    const from = at(y, 3 * (q - 1), 1);
    const to = at(y, 3 * q, 0);
    return { from, to, label: `Q${((q + 3) % 4) + 1} ${from.slice(0, 4)}` };
  }
  if (/\b(past|previous) week\b/.test(t))
    return { from: addDaysIso(today, -6), to: today, label: 'the last 7 days' };
  if (/\b(this|the) week\b|\blast 7 days\b/.test(t))
    return { from: addDaysIso(today, -6), to: today, label: 'the last 7 days' };
  if (/\blast week\b/.test(t))
    return { from: addDaysIso(today, -13), to: addDaysIso(today, -7), label: 'last week' };
  if (/\bthis year\b|\bytd\b|\byear to date\b|\bso far this year\b/.test(t))
    return { from: `${today.slice(0, 4)}-01-01`, to: today, label: `${today.slice(0, 4)} so far` };
  if (/\blast year\b/.test(t)) {
    const y = Number(today.slice(0, 4)) - 1;
    return { from: `${y}-01-01`, to: `${y}-12-31`, label: String(y) };
  }
  // "in march", "for oct", "during september 2026": the latest such month that has begun.
  if (
    (m =
      /\b(?:in|for|during|of)\s+(jan|feb|mar|apr|may|jun|jul|aug|sept?|oct|nov|dec)[a-z]*\.?(?:\s+(\d{4}))?\b/.exec(
        t,
      ))
  ) {
    const idx = MONTH_NAMES.indexOf(m[1]!.slice(0, 3) as (typeof MONTH_NAMES)[number]);
    const [ty, tm] = parts(today);
    const y = m[2] ? Number(m[2]) : idx <= tm - 1 ? ty : ty - 1;
    const named = at(y, idx, 1).slice(0, 7);
    if (named <= month) return monthRange(named, today);
  }
  // "in 2025", "for 2024", "total income 2025": a whole year that is over (this year is "so far").
  if ((m = /\b(?:(?:in|for|during|of)\s+)?(20\d\d)\b/.exec(t))) {
    const y = Number(m[1]);
    const ty = Number(today.slice(0, 4));
    if (y < ty) return { from: `${y}-01-01`, to: `${y}-12-31`, label: String(y) };
    if (y === ty) return { from: `${y}-01-01`, to: today, label: `${y} so far` };
  }
  // "on black friday", "over thanksgiving": the holiday's last occurrence.
  if ((m = /\b(?:on|over|for|at|during)\b/.exec(t))) {
    const holiday = findHoliday(t.slice(m.index), today, 'past');
    if (holiday && /\b(spen[dt]|spending|bought|paid|cost)\b/.test(t))
      return {
        from: holiday.date,
        to: holiday.date,
        label: `${holiday.name}, ${dayWords(holiday.date, today)}`,
      };
  }
  // "since january", "since march": from the 1st of the latest such month.
  if ((m = /\bsince\s+(jan|feb|mar|apr|may|jun|jul|aug|sept?|oct|nov|dec)[a-z]*\b(?!\s*\d)/.exec(t))) {
    const idx = MONTH_NAMES.indexOf(m[1]!.slice(0, 3) as (typeof MONTH_NAMES)[number]);
    const [ty, tm] = parts(today);
    const from = at(idx <= tm - 1 ? ty : ty - 1, idx, 1);
    return { from, to: today, label: `since ${monthWords(from.slice(0, 7))}` };
  }
  // "since oct 3", "since the 1st": from that day to today.
  if ((m = /\bsince\s+(.+)$/.exec(t))) {
    const from = chrono.parseDate(
      m[1]!,
      { instant: new Date(`${today}T12:00:00Z`), timezone: 0 },
      { forwardDate: false },
    );
    if (from) {
      const day = iso(from);
      if (day <= today) return { from: day, to: today, label: `since ${day}` };
    }
  }
  return null;
}

/** The next "1st" (or other day of the month) after today. */
function nextDayOfMonth(today: string, dom: number): string {
  const [y, m, d] = parts(today);
  return d < dom ? at(y, m - 1, dom) : at(y, m, dom);
}

/** A stretch ahead a question looks through, or null when it names none the older reader misses. */
export function aheadWindow(text: string, today: string, horizonDays: number): Ahead | null {
  const t = text.toLowerCase();
  let m: RegExpExecArray | null;
  if (
    /\b(before|until|till|til|by|between now and) (my |the )?(next )?([a-z ]+ )?(pay ?day|pay ?check|i get paid|deposit)\b/.test(
      t,
    )
  )
    return { kind: 'payday' };
  // "over the holidays": through New Year's Day.
  if (/\b(?:over|through|thru|during) the holidays\b/.test(t)) {
    const [y] = parts(today);
    return { kind: 'until', to: `${y + 1}-01-01`, name: 'over the holidays' };
  }
  if (
    (m = /\b(?:before|until|till|til|by) the (1st|first|15th|fifteenth)\b/.test(t)
      ? /(1st|first|15th|fifteenth)/.exec(t)
      : null)
  ) {
    const dom = /15|fifteenth/.test(m[1]!) ? 15 : 1;
    return { kind: 'until', to: addDaysIso(nextDayOfMonth(today, dom), -1) };
  }
  // "through the end of the year", "till the end of next month": through that day.
  if (
    (m =
      /\b(?:before|until|till|til|by|through|thru|to|between now and)\s+(?:the\s+)?end of (?:the |this )?(next )?(year|month)\b/.exec(
        t,
      ))
  ) {
    const [y, mo] = parts(today);
    const next = m[1] ? 1 : 0;
    const to = m[2] === 'year' ? `${y + next}-12-31` : at(y, mo + next, 0);
    if (to > addDaysIso(today, horizonDays)) return { kind: 'beyond', to };
    return { kind: 'until', to };
  }
  // "before thanksgiving", "till xmas", "by the 4th of july": up to the holiday's next occurrence.
  if ((m = /\b(before|until|till|til|by|through|thru)\b/.exec(t))) {
    const holiday = findHoliday(t.slice(m.index), today);
    if (holiday) {
      const through = m[1] === 'by' || m[1] === 'through' || m[1] === 'thru';
      const to = through ? holiday.date : addDaysIso(holiday.date, -1);
      if (to > addDaysIso(today, horizonDays)) return { kind: 'beyond', to };
      return { kind: 'until', to, name: `${through ? 'by' : 'before'} ${holiday.name}` };
    }
  }
  if (
    (m = new RegExp(
      String.raw`\b(?:next|coming|over the next|in the next|within(?: the next)?)\s+${COUNT}\s+(day|week|month|year)s?\b`,
    ).exec(t))
  ) {
    const n = count(m[1]);
    const days = m[2] === 'day' ? n : m[2] === 'week' ? 7 * n : m[2] === 'month' ? 30 * n : 365 * n;
    if (days > horizonDays) return { kind: 'beyond', to: addDaysIso(today, days) };
    return { kind: 'days', days };
  }
  if ((m = /\b(?:in|by|until|till|through|before|end of)\s+(20\d\d)\b/.exec(t))) {
    const end = `${m[1]}-12-31`;
    const last = addDaysIso(today, horizonDays);
    if (end > last) return { kind: 'beyond', to: end };
  }
  return null;
}

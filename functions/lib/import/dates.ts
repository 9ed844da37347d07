// Dates as statements write them. A format is detected from the file's own dates (the one that reads
// every one of them); when day-first and month-first both read every date (no day above 12), the
// separator hints which, and the preview says the choice is the person's to confirm.

import { DATE_FORMATS, type DateFormat } from '../../../domain/import-formats.ts';

export { DATE_FORMATS, type DateFormat };

const pad = (n: number) => String(n).padStart(2, '0');

function validDate(year: number, month: number, day: number): string | null {
  if (month < 1 || month > 12 || day < 1 || day > 31 || year < 1900 || year > 2199) return null;
  const d = new Date(Date.UTC(year, month - 1, day));
  if (d.getUTCMonth() !== month - 1 || d.getUTCDate() !== day) return null;
  return `${year}-${pad(month)}-${pad(day)}`;
}

/** Two-digit years: 70–99 are 19xx, the rest 20xx. */
const fullYear = (yy: number) => (yy >= 70 ? 1900 + yy : 2000 + yy);

/** The date `text` names in `format`, as YYYY-MM-DD, or null. A time after the date is ignored. */
export function parseDate(text: string, format: DateFormat): string | null {
  const value = text.trim().replace(/[T\s].*$/, '');
  if (format === 'YYYYMMDD') {
    const m = /^(\d{4})(\d{2})(\d{2})$/.exec(value);
    return m ? validDate(Number(m[1]), Number(m[2]), Number(m[3])) : null;
  }
  if (format === 'YYYY-MM-DD') {
    const m = /^(\d{4})[-/.](\d{1,2})[-/.](\d{1,2})$/.exec(value);
    return m ? validDate(Number(m[1]), Number(m[2]), Number(m[3])) : null;
  }
  const separator = format[2] === '.' ? '\\.' : format[2] === '-' ? '-' : '/';
  const shortYear = format.endsWith('/YY') || format.endsWith('.YY');
  const m = new RegExp(`^(\\d{1,2})${separator}(\\d{1,2})${separator}(\\d{${shortYear ? 2 : 4}})$`).exec(
    value,
  );
  if (!m) return null;
  const [a, b, y] = [Number(m[1]), Number(m[2]), Number(m[3])];
  const year = shortYear ? fullYear(y) : y;
  return format.startsWith('DD') ? validDate(year, b, a) : validDate(year, a, b);
}

export interface DateDetection {
  format: DateFormat | null;
  /** Day-first and month-first both read every date: the person should confirm. */
  ambiguous: boolean;
}

/**
 * The format that reads the most samples (every one, in a sound file). `preferDayFirst` (a semicolon-separated file, a comma decimal)
 * breaks a tie between day-first and month-first.
 */
export function detectDateFormat(samples: readonly string[], preferDayFirst: boolean): DateDetection {
  const values = samples.map((s) => s.trim()).filter(Boolean);
  if (values.length === 0) return { format: null, ambiguous: false };
  // The formats that read the most dates: the dates they cannot read are the file's mistakes.
  const read = DATE_FORMATS.map((f) => values.filter((v) => parseDate(v, f) !== null).length);
  const best = Math.max(...read);
  if (best === 0) return { format: null, ambiguous: false };
  const fits = DATE_FORMATS.filter((_, i) => read[i] === best);
  const dayFirst = fits.filter((f) => f.startsWith('DD'));
  const monthFirst = fits.filter((f) => f.startsWith('MM'));
  const ambiguous = dayFirst.length > 0 && monthFirst.length > 0;
  const ordered = ambiguous ? (preferDayFirst ? [...dayFirst, ...fits] : [...monthFirst, ...fits]) : fits;
  return { format: ordered[0] ?? null, ambiguous };
}

/** Whole days from `a` to `b` (YYYY-MM-DD). */
export function daysBetween(a: string, b: string): number {
  return Math.round((Date.parse(`${b}T00:00:00Z`) - Date.parse(`${a}T00:00:00Z`)) / 86_400_000);
}

export function addDays(date: string, days: number): string {
  return new Date(Date.parse(`${date}T00:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10);
}

// Amounts as statements write them, to integer cents without a float: a currency sign or code, spaces
// (including the no-break spaces French and Swiss exports use), thousands separators, a decimal comma,
// a minus before or after, parentheses, or a CR/DR suffix. The decimal separator is detected from the
// file's amounts (the one followed by one or two digits at the end), or given by the mapping.

export type DecimalSeparator = '.' | ',';

const CURRENCY = /[$€£¥₹₽₩₪₫฿₺₴₦]|\b(?:USD|EUR|GBP|CAD|AUD|CHF|JPY|SEK|NOK|DKK|PLN|CZK|MXN|BRL|R\$|kr)\b/gi;

/** Cents for `text`, or null when it is not an amount. Positive and negative as written. */
export function parseAmount(text: string, decimal: DecimalSeparator): number | null {
  let value = text.trim();
  if (!value) return null;
  let negative = false;
  if (/^\(.*\)$/.test(value)) {
    negative = true;
    value = value.slice(1, -1);
  }
  const suffix = /\s*(CR|DR)$/i.exec(value);
  if (suffix) {
    if (suffix[1]?.toUpperCase() === 'DR') negative = !negative;
    value = value.slice(0, suffix.index);
  }
  value = value.replace(CURRENCY, '').replace(/[\s\u00a0\u202f']/g, '');
  if (/^[-−]/.test(value)) {
    negative = !negative;
    value = value.slice(1);
  } else if (/[-−]$/.test(value)) {
    negative = !negative;
    value = value.slice(0, -1);
  } else if (value.startsWith('+')) value = value.slice(1);
  const thousands = decimal === '.' ? ',' : '.';
  // A thousands separator sits between groups of three digits, never after the decimal mark.
  const pattern =
    decimal === '.' ? /^(\d{1,3}(?:,\d{3})+|\d+)(?:\.(\d+))?$/ : /^(\d{1,3}(?:\.\d{3})+|\d+)(?:,(\d+))?$/;
  const m = pattern.exec(value);
  if (!m) return null;
  const whole = (m[1] ?? '').split(thousands).join('');
  const fraction = m[2] ?? '';
  if (fraction.length > 4) return null;
  // Beyond two decimals (some banks write four), round half away from zero.
  const cents = Number(whole) * 100 + Number(fraction.padEnd(2, '0').slice(0, 2));
  const roundUp = fraction.length > 2 && Number(fraction[2]) >= 5 ? 1 : 0;
  const total = cents + roundUp;
  if (!Number.isSafeInteger(total)) return null;
  return negative ? -total || 0 : total;
}

/** The decimal separator the samples use: the mark followed by one or two digits at the end wins. */
export function detectDecimalSeparator(
  samples: readonly string[],
  fallback: DecimalSeparator,
): DecimalSeparator {
  let dot = 0;
  let comma = 0;
  for (const sample of samples) {
    const m = /([.,])(\d{1,2})\s*(?:[A-Za-z$€£)]*|-)?\s*$/.exec(sample.trim());
    if (m?.[1] === '.') dot += 1;
    else if (m?.[1] === ',') comma += 1;
  }
  if (dot === comma) return fallback;
  return dot > comma ? '.' : ',';
}

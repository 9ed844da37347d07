// Merchant normalisation: the grouping key that makes "NETFLIX.COM 866-579-7172 CA 03/14" and
// "Netflix.com" the same payee. Numbers, ids, dates, payment references and store numbers vary between
// charges of one stream, so they never take part in the key.

const US_STATES = new Set(
  (
    'al ak az ar ca co ct de fl ga hi id il in ia ks ky la me md ma mi mn ms mo mt ne nv nh nj nm ny nc ' +
    'nd oh ok or pa ri sc sd tn tx ut vt va wa wv wi wy dc'
  ).split(' '),
);

const TAIL_WORDS = new Set(['card', 'us', 'usa', 'purchase', 'debit']);

// Card-network and bank boilerplate around the payee; none of it says who was paid.
const BOILERPLATE = [
  /\bpurchase authorized on\b/g,
  /\b(?:pos|debit card|check ?card|visa|recurring|card) (?:purchase|payment|debit)\b/g,
  /\b(?:ach|electronic|online|web|bill|preauthorized|pre-authorized) (?:debit|credit|pmt|payment|pay|transfer)\b/g,
  /\b(?:ppd|ccd|web|tel|arc|boc) id\b.*$/g,
  /\b(?:orig id|desc date|co entry descr|sec|trace|ind id|ind name|eed)\b.*$/g,
  /\b(?:ref|reference|conf|confirmation|auth|txn|trans|transaction|id|no|nbr|num|store)\b\s*[:#*]?\s*[a-z0-9-]*\d[a-z0-9-]*/g,
];

// Leading processor codes ("SQ *", "TST* ", "PAYPAL *") and bank words before the payee.
const PREFIX =
  /^\s*(?:(?:sq|tst|pp|sp|py|paypal|in|fs|bt|dri)\s*\*|(?:pos|ach|dd|ppd|debit|purchase|recurring|checkcard|dbt|crd)\b)\s*/;

// Short forms of a payee that banks print differently from card networks.
const ALIASES: ReadonlyArray<readonly [RegExp, string]> = [
  [/^amzn mktp\b.*|^amazon mktp\b.*|^amazon marketplace\b.*/, 'amazon marketplace'],
  [/^apple\b.*|^itunes\b.*/, 'apple'],
  [/^google\b.*/, 'google'],
];

/**
 * The grouping key of a payee name: lower case, without digits-bearing tokens (store numbers, dates,
 * references, masked card numbers), boilerplate, web suffixes, punctuation and a trailing US state.
 * At most four words, so a trailing city does not split one payee into many.
 */
export function normalizeMerchant(raw: string): string {
  let s = raw.toLowerCase();
  // "orig co name:acme corp orig id:…" — the ACH originator is the payee.
  const orig = /orig co name\s*:\s*(.+?)(?:\s+orig id\b|\s+co entry\b|$)/.exec(s);
  if (orig?.[1]) s = orig[1];
  s = s
    .replace(/\b(?:www\.)?([a-z0-9-]+)\.(?:com|net|org|co|io|tv)\b/g, '$1')
    .replace(/[*#]/g, ' * ')
    .replace(/\d{1,4}[/-]\d{1,2}(?:[/-]\d{2,4})?/g, ' ');
  for (const pattern of BOILERPLATE) s = s.replace(pattern, ' ');
  for (let before = ''; before !== s;) {
    before = s;
    s = s.replace(PREFIX, '');
  }
  let tokens = s
    .replace(/[^a-z0-9&' ]+/g, ' ')
    .replace(/'/g, '')
    .split(/\s+/)
    .filter((t) => t.length > 0 && !/\d/.test(t) && !/^x{2,}$/.test(t) && t !== '&');
  // "… HOUSTON TX CARD", "… CA US": the location tail is noise that differs between branches.
  while (tokens.length > 1 && TAIL_WORDS.has(tokens[tokens.length - 1] ?? '')) tokens = tokens.slice(0, -1);
  if (tokens.length > 1 && US_STATES.has(tokens[tokens.length - 1] ?? '')) tokens = tokens.slice(0, -1);
  let key = tokens.slice(0, 4).join(' ');
  for (const [pattern, alias] of ALIASES) {
    if (pattern.test(key)) {
      key = alias;
      break;
    }
  }
  if (key.length >= 3) return key;
  // Nothing left but a preposition ("ONLINE PAYMENT TO CARD XXXX3333" → "to") or nothing at all: the
  // description without its digits says more, and keeps distinct payees distinct.
  const words = raw
    .toLowerCase()
    .replace(/[^a-z0-9 ]+/g, ' ')
    .split(/\s+/)
    .filter((t) => t && !/\d/.test(t) && !/^x{2,}$/.test(t));
  return words.length > 0
    ? words.slice(0, 5).join(' ')
    : raw
        .toLowerCase()
        .replace(/[^a-z0-9]+/g, ' ')
        .trim();
}

/** Plaid's cleaned `merchant_name` when present, else the bank's description. */
export function payeeName(tx: { readonly name: string; readonly merchant_name?: string | null }): string {
  return tx.merchant_name?.trim() ? tx.merchant_name : tx.name;
}

// Bank abbreviations spelled out for reading (names a person reads at a glance).
const WORDS: Readonly<Record<string, string>> = {
  pmt: 'Payment',
  pymt: 'Payment',
  paymt: 'Payment',
  xfer: 'Transfer',
  trnsfr: 'Transfer',
  sav: 'Savings',
  svgs: 'Savings',
  chk: 'Checking',
  chkg: 'Checking',
  dep: 'Deposit',
  ach: 'ACH',
  atm: 'ATM',
  pos: 'POS',
  llc: 'LLC',
  inc: 'Inc.',
  usa: 'USA',
  us: 'US',
};
const SMALL_WORDS = new Set(['to', 'from', 'of', 'for', 'and', 'at', 'on', 'the', 'a', 'in', 'by']);

/**
 * A payee as a person would write it: Plaid's `merchant_name` when it has one, else the bank's
 * description in title case with its abbreviations spelled out, ids, dates and card-processor codes
 * dropped, and a masked account number kept short ("ONLINE TRANSFER TO SAV XXXXXX1111" → "Online
 * Transfer to Savings ••1111"). The raw description stays available beside it.
 */
export function displayName(tx: { readonly name: string; readonly merchant_name?: string | null }): string {
  const merchant = tx.merchant_name?.trim();
  if (merchant) return merchant;
  const raw = tx.name.trim();
  const mask = /\b[x*]{2,}(\d{2,4})\b/i.exec(raw)?.[1];
  const cleaned = raw
    .replace(/\b[x*]{2,}\d{2,4}\b/gi, ' ')
    .replace(/\b(?:ppd|ccd|web|tel) id:?\s*\S+/gi, ' ')
    .replace(/\b(?:ref|conf|id|trace)\s*[:#]\s*\S+/gi, ' ')
    .replace(/\b\d{1,2}[/-]\d{1,2}(?:[/-]\d{2,4})?\b/g, ' ')
    .replace(/^\s*(?:sq|tst|pp|sp|py)\s*\*\s*/i, '')
    .replace(/[*#]+/g, ' ')
    .replace(/\s+/g, ' ')
    .trim();
  const words = cleaned.split(' ').filter((w) => w && !/^\d{5,}$/.test(w));
  const titled = words.map((word, i) => {
    const lower = word.toLowerCase();
    const known = WORDS[lower];
    if (known) return known;
    if (i > 0 && SMALL_WORDS.has(lower)) return lower;
    // Mixed case as the bank wrote it ("McDonald's") stays; shouting is calmed.
    if (word !== word.toUpperCase()) return word;
    return lower.replace(/(^|[-'.&/])([a-z])/g, (_, sep: string, c: string) => sep + c.toUpperCase());
  });
  const name = titled.join(' ') || raw;
  return mask ? `${name} ••${mask}` : name;
}

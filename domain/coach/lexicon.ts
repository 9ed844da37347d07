// The words people use for what they spend on, mapped to the categories transactions are stored with.
// The vocabulary is the product's own taxonomy (Plaid's personal-finance categories: every detailed
// category's name, every primary group's name, in their written and underscore forms) plus everyday
// synonyms ("eating out", "gas", "streaming", "supermarket"), and the profile's own merchants and
// recurring streams, which the caller passes in. Misspellings are matched with fuse.js, but only on
// words long enough for a near miss to mean something ("grocereis", "resturants", "starbuks"): a short
// word is matched exactly or not at all, so "gas" never drifts to "tax". Pure; nothing here reads data.
import Fuse from 'fuse.js';
import { TAXONOMY, PLAID_PRIMARY_GROUPS, type CategoryGroup } from '../taxonomy.ts';

/** A category subject: the stored detailed codes and whole groups it covers, and how to name it. */
export interface CategorySubject {
  readonly kind: 'category';
  /** "Groceries", "Restaurants and fast food": how the answer names it. */
  readonly label: string;
  /** Plaid detailed codes (FOOD_AND_DRINK_GROCERIES…). */
  readonly detailed: readonly string[];
  /** Whole display groups ('Food & Drink'…). */
  readonly groups: readonly CategoryGroup[];
}

/** A merchant or a recurring stream of the profile, by the name it is shown with; or several of them
 * named together ("uber and lyft"), totalled as one. */
export interface NameSubject {
  readonly kind: 'merchant';
  /** "Starbucks", or "Uber and Lyft" for several. */
  readonly label: string;
  /** The names, when several are asked about together. */
  readonly names?: readonly string[];
}

export type Subject = CategorySubject | NameSubject;

interface Sense {
  readonly label: string;
  readonly detailed?: readonly string[];
  readonly groups?: readonly CategoryGroup[];
  readonly terms: readonly string[];
}

const D = (...codes: string[]) => codes;

/** Everyday words for the taxonomy's categories. Longer phrases win over their words ("gas bill"). */
const SYNONYMS: readonly Sense[] = [
  {
    label: 'Groceries',
    detailed: D('FOOD_AND_DRINK_GROCERIES'),
    terms: [
      'groceries',
      'grocery',
      'grocery store',
      'grocery shopping',
      'supermarket',
      'food shopping',
      'food shop',
    ],
  },
  {
    label: 'Restaurants and fast food',
    detailed: D('FOOD_AND_DRINK_RESTAURANT', 'FOOD_AND_DRINK_FAST_FOOD'),
    terms: [
      'eating out',
      'eat out',
      'ate out',
      'dining out',
      'dining',
      'restaurants',
      'restaurant',
      'takeout',
      'take out',
      'takeaway',
      'take away',
      'fast food',
      'food delivery',
      'dinners out',
      'meals out',
    ],
  },
  {
    label: 'Coffee',
    detailed: D('FOOD_AND_DRINK_COFFEE'),
    terms: ['coffee', 'coffees', 'coffee shops', 'cafe', 'cafes', 'lattes'],
  },
  {
    label: 'Alcohol',
    detailed: D('FOOD_AND_DRINK_BEER_WINE_AND_LIQUOR'),
    terms: ['alcohol', 'booze', 'beer', 'wine', 'liquor', 'drinks'],
  },
  {
    label: 'Food and drink',
    groups: ['Food & Drink'],
    terms: ['food', 'food and drink'],
  },
  {
    label: 'Gas',
    detailed: D('TRANSPORTATION_GAS'),
    terms: ['gas', 'gasoline', 'fuel', 'petrol', 'gas station', 'gas stations', 'filling up'],
  },
  {
    label: 'Gas and electricity',
    detailed: D('RENT_AND_UTILITIES_GAS_AND_ELECTRICITY'),
    terms: ['gas bill', 'electric', 'electricity', 'electric bill', 'power bill', 'energy bill'],
  },
  {
    label: 'Utilities',
    detailed: D(
      'RENT_AND_UTILITIES_GAS_AND_ELECTRICITY',
      'RENT_AND_UTILITIES_WATER',
      'RENT_AND_UTILITIES_SEWAGE_AND_WASTE_MANAGEMENT',
      'RENT_AND_UTILITIES_INTERNET_AND_CABLE',
      'RENT_AND_UTILITIES_TELEPHONE',
      'RENT_AND_UTILITIES_OTHER_UTILITIES',
    ),
    terms: ['utilities', 'utility', 'utility bills'],
  },
  { label: 'Rent', detailed: D('RENT_AND_UTILITIES_RENT'), terms: ['rent', 'landlord'] },
  {
    label: 'Phone',
    detailed: D('RENT_AND_UTILITIES_TELEPHONE'),
    terms: ['phone', 'phone bill', 'cell phone', 'mobile', 'cell'],
  },
  {
    label: 'Internet and cable',
    detailed: D('RENT_AND_UTILITIES_INTERNET_AND_CABLE'),
    terms: ['internet', 'wifi', 'wi-fi', 'cable', 'broadband'],
  },
  {
    label: 'Streaming and music',
    detailed: D('ENTERTAINMENT_TV_AND_MOVIES', 'ENTERTAINMENT_MUSIC_AND_AUDIO'),
    terms: ['streaming', 'streaming services', 'tv', 'movies', 'music'],
  },
  { label: 'Entertainment', groups: ['Entertainment'], terms: ['entertainment', 'fun', 'going out'] },
  { label: 'Shopping', groups: ['General Merchandise'], terms: ['shopping', 'retail'] },
  {
    label: 'Clothes',
    detailed: D('GENERAL_MERCHANDISE_CLOTHING_AND_ACCESSORIES'),
    terms: ['clothes', 'clothing', 'apparel', 'shoes'],
  },
  {
    label: 'Online shopping',
    detailed: D('GENERAL_MERCHANDISE_ONLINE_MARKETPLACES'),
    terms: ['online shopping', 'online'],
  },
  { label: 'Travel', groups: ['Travel'], terms: ['travel', 'trips', 'trip', 'vacation', 'vacations'] },
  {
    label: 'Flights',
    detailed: D('TRAVEL_FLIGHTS'),
    terms: ['flights', 'flight', 'airfare', 'plane tickets'],
  },
  { label: 'Hotels', detailed: D('TRAVEL_LODGING'), terms: ['hotels', 'hotel', 'lodging', 'airbnb'] },
  {
    label: 'Rides',
    detailed: D('TRANSPORTATION_TAXIS_AND_RIDE_SHARES'),
    terms: ['rides', 'rideshare', 'ride share', 'ubers', 'taxi', 'taxis', 'cabs'],
  },
  {
    label: 'Transportation',
    groups: ['Transportation'],
    terms: ['transportation', 'transport', 'commute', 'commuting'],
  },
  {
    label: 'Car',
    detailed: D('GENERAL_SERVICES_AUTOMOTIVE'),
    terms: ['car repairs', 'car repair', 'mechanic', 'auto repair'],
  },
  {
    label: 'Medical',
    groups: ['Medical'],
    terms: ['medical', 'doctor', 'doctors', 'health', 'healthcare', 'dentist'],
  },
  {
    label: 'Pharmacy',
    detailed: D('MEDICAL_PHARMACIES_AND_SUPPLEMENTS'),
    terms: ['pharmacy', 'prescriptions', 'meds'],
  },
  {
    label: 'Pets',
    detailed: D('GENERAL_MERCHANDISE_PET_SUPPLIES', 'MEDICAL_VETERINARY_SERVICES'),
    terms: ['pets', 'pet', 'pet stuff', 'dog', 'cat', 'vet'],
  },
  { label: 'Gym', detailed: D('PERSONAL_CARE_GYMS_AND_FITNESS_CENTERS'), terms: ['gym', 'fitness'] },
  {
    label: 'Hair and beauty',
    detailed: D('PERSONAL_CARE_HAIR_AND_BEAUTY'),
    terms: ['haircuts', 'haircut', 'salon', 'beauty'],
  },
  { label: 'Insurance', detailed: D('GENERAL_SERVICES_INSURANCE'), terms: ['insurance'] },
  {
    label: 'Childcare',
    detailed: D('GENERAL_SERVICES_CHILDCARE'),
    terms: ['childcare', 'daycare', 'babysitter'],
  },
  {
    label: 'Education',
    detailed: D('GENERAL_SERVICES_EDUCATION'),
    terms: ['education', 'tuition', 'school'],
  },
  { label: 'Donations', detailed: D('GOVERNMENT_AND_NON_PROFIT_DONATIONS'), terms: ['donations', 'charity'] },
  { label: 'Bank fees', groups: ['Bank Fees'], terms: ['fees', 'bank fees', 'overdraft fees', 'atm fees'] },
];

const phrase = (s: string) =>
  s
    .toLowerCase()
    .replace(/&/g, ' and ')
    // "Peet's", "McDonald's", "Dunkin'": read as people type them, "peets", "mcdonalds", "dunkin".
    .replace(/['’]/g, '')
    .replace(/[^a-z0-9' ]+/g, ' ')
    .replace(/\s+/g, ' ')
    .trim();

/** The taxonomy's own names: each detailed category by its name, each group by its name. */
function taxonomySenses(): Sense[] {
  const detailed = TAXONOMY.filter((e) => e.plaidPrimary !== 'OTHER').map((e) => ({
    label: e.name,
    detailed: [e.plaidDetailed],
    terms: [e.name, e.plaidDetailed.slice(e.plaidPrimary.length + 1).replace(/_/g, ' ')],
  }));
  const groups = (Object.values(PLAID_PRIMARY_GROUPS) as CategoryGroup[])
    .filter((g) => g !== 'Other')
    .map((g) => ({ label: g, groups: [g], terms: [g] }));
  return [...detailed, ...groups];
}

interface Term {
  readonly term: string;
  readonly subject: CategorySubject;
}

function buildTerms(): Term[] {
  const seen = new Set<string>();
  const out: Term[] = [];
  // Synonyms first: an everyday word's sense wins over a taxonomy name spelled the same ("gas").
  for (const s of [...SYNONYMS, ...taxonomySenses()]) {
    const subject: CategorySubject = {
      kind: 'category',
      label: s.label,
      detailed: s.detailed ?? [],
      groups: s.groups ?? [],
    };
    for (const t of s.terms) {
      const key = phrase(t);
      if (!key || seen.has(key)) continue;
      seen.add(key);
      out.push({ term: key, subject });
    }
  }
  return out;
}

const TERMS = buildTerms();
const BY_TERM = new Map(TERMS.map((t) => [t.term, t.subject]));
const FUSE = new Fuse(TERMS, { keys: ['term'], includeScore: true, threshold: 0.3, ignoreLocation: true });

/** Every category phrase the lexicon knows, for tests and the Bedrock prompt. */
export const CATEGORY_TERMS: readonly string[] = TERMS.map((t) => t.term);

/** Words of a question that never name a subject, whatever a fuzzy match thinks. */
const STOP = new Set(
  `a an the i me my we our us you your it is are was were be been do did does have has had how much many
  what whats what's when where which who will would could should can may might on at in of for to from by
  with and or but so than then this that these those last next month months week weeks year years day
  days today tomorrow yesterday spend spent spending pay paid paying money cash total bill bills charge
  charges cost costs buy bought get got go going lately recently usual usually normal more less over
  under compared versus vs past so far ago since until till before after each every per average typical
  all any some much lot lots too very really just also again already ever yet now still kinda like about
  around whole entire plan budget income balance payday paycheck`.split(/\s+/),
);

const singular = (w: string) => (w.length > 4 && w.endsWith('s') && !w.endsWith('ss') ? w.slice(0, -1) : w);

/** The question's phrases of one to three words, longest first, then left to right; `all` keeps those
 * that start or end on a filler word (for exact terms such as "gas bill"). */
function phrases(question: string, all = false): string[] {
  const words = phrase(question).split(' ').filter(Boolean);
  const out: string[] = [];
  for (let n = 3; n >= 1; n -= 1)
    for (let i = 0; i + n <= words.length; i += 1) {
      const p = words.slice(i, i + n);
      // A phrase that starts or ends on a filler word is the shorter phrase's business.
      if (!all && (STOP.has(p[0]!) || STOP.has(p[n - 1]!))) continue;
      out.push(p.join(' '));
    }
  return out;
}

/** How near a misspelling must be (fuse.js score, 0 = exact), and the shortest word it applies to. */
const FUZZY_SCORE = 0.3;
const FUZZY_MIN_LENGTH = 5;

/** The category a question names exactly (a term or a synonym, singular or plural), or null. */
export function exactCategory(question: string): CategorySubject | null {
  for (const p of phrases(question, true)) {
    const hit = BY_TERM.get(p) ?? BY_TERM.get(singular(p));
    if (hit) return hit;
  }
  return null;
}

interface Scored<T> {
  readonly subject: T;
  /** fuse.js score: 0 is exact, FUZZY_SCORE the farthest accepted. */
  readonly score: number;
}

/** The category a misspelt phrase of the question is nearest to, with how near. */
function fuzzyCategory(question: string): Scored<CategorySubject> | null {
  for (const p of phrases(question)) {
    if (p.length < FUZZY_MIN_LENGTH) continue;
    const [best] = FUSE.search(p, { limit: 1 });
    // Fuzzy only between phrases of a similar length that start alike: a word inside a longer term is
    // not a misspelling, and a misspelling keeps its first letter ("grocereis"; "right" is not "flight").
    if (
      best &&
      (best.score ?? 1) <= FUZZY_SCORE &&
      Math.abs(best.item.term.length - p.length) <= 2 &&
      best.item.term[0] === p[0]
    )
      return { subject: best.item.subject, score: best.score ?? 1 };
  }
  return null;
}

/** Every category a question names exactly, each once, the longer phrase first ("fast food" before
 * "food"), in the order written. */
function exactCategories(question: string): CategorySubject[] {
  const words = phrase(question).split(' ').filter(Boolean);
  const used = new Set<number>();
  const found: Array<{ at: number; subject: CategorySubject }> = [];
  for (let n = 3; n >= 1; n -= 1)
    for (let i = 0; i + n <= words.length; i += 1) {
      if (words.slice(i, i + n).some((_, k) => used.has(i + k))) continue;
      const p = words.slice(i, i + n).join(' ');
      const hit = BY_TERM.get(p) ?? BY_TERM.get(singular(p));
      if (!hit) continue;
      for (let k = 0; k < n; k += 1) used.add(i + k);
      if (!found.some((f) => f.subject.label === hit.label)) found.push({ at: i, subject: hit });
    }
  return found.sort((a, b) => a.at - b.at).map((f) => f.subject);
}

/**
 * Categories a question joins ("groceries and eating out", "gas + rides"): one subject covering them
 * all, named by each; null unless two or more are joined by "and", "or", "&", "+" or a comma.
 */
export function joinedCategories(question: string): CategorySubject | null {
  if (!/\b(and|or|plus)\b|[&+,]/.test(question.toLowerCase())) return null;
  const all = exactCategories(question);
  if (all.length < 2) return null;
  const codes = new Set(all.flatMap((c) => c.detailed));
  const groups = new Set(all.flatMap((c) => c.groups));
  return {
    kind: 'category',
    label: andList(all.map((c, i) => (i === 0 ? c.label : c.label.toLowerCase()))),
    detailed: [...codes],
    groups: [...groups],
  };
}

/** The category a question names, exactly, as a synonym, or misspelt; null when it names none. */
export function findCategorySubject(question: string): CategorySubject | null {
  return exactCategory(question) ?? fuzzyCategory(question)?.subject ?? null;
}

/**
 * The merchant or recurring stream of the profile a question names: by its shown name (or its first
 * word, "starbucks" for "Starbucks Coffee"), or misspelt. `names` are the profile's merchants and
 * streams as shown.
 */
export function findNameSubject(question: string, names: readonly string[]): NameSubject | null {
  return nameMatch(question, names)?.subject ?? null;
}

/** findNameSubject's match with how near it is (0 for a name or first word written out). */
function nameMatch(question: string, names: readonly string[]): Scored<NameSubject> | null {
  const q = ` ${phrase(question)} `;
  const unique = [...new Set(names.map((n) => n.trim()).filter((n) => n.length >= 3))];
  const exact = unique.filter((n) => q.includes(` ${phrase(n)} `)).sort((a, b) => b.length - a.length)[0];
  if (exact) return { subject: { kind: 'merchant', label: exact }, score: 0 };
  // A long name by its first two words ("whole foods" for Whole Foods Market).
  const short = unique.find((n) => {
    const s = shortName(n);
    return s !== null && q.includes(` ${s} `);
  });
  if (short) return { subject: { kind: 'merchant', label: short }, score: 0 };
  const firstWords = new Map<string, string>();
  for (const n of unique) {
    const first = phrase(n).split(' ')[0] ?? '';
    if (first.length >= 4 && !STOP.has(first) && !BY_TERM.has(first))
      firstWords.set(first, firstWords.has(first) ? '' : n);
  }
  for (const [first, name] of firstWords)
    if (name && q.includes(` ${first} `)) return { subject: { kind: 'merchant', label: name }, score: 0 };
  const fuse = new Fuse(
    [...firstWords].filter(([, n]) => n).map(([first, name]) => ({ first, name })),
    { keys: ['first'], includeScore: true, threshold: FUZZY_SCORE },
  );
  for (const w of phrase(question).split(' ')) {
    if (w.length < FUZZY_MIN_LENGTH || STOP.has(w) || BY_TERM.has(w)) continue;
    const [best] = fuse.search(w, { limit: 1 });
    if (
      best &&
      (best.score ?? 1) <= FUZZY_SCORE &&
      Math.abs(best.item.first.length - w.length) <= 2 &&
      best.item.first[0] === w[0]
    )
      return { subject: { kind: 'merchant', label: best.item.name }, score: best.score ?? 1 };
  }
  return null;
}

/** How a name may be written short: a name of three words or more by its first two ("whole foods" for
 * Whole Foods Market, "blue plate" for Blue Plate Diner), past a leading "the". */
function shortName(n: string): string | null {
  // Words as written ("AT&T" is one word, not "at and t").
  const words = n
    .trim()
    .split(/\s+/)
    .filter((w, i) => !(i === 0 && /^the$/i.test(w)));
  const short = phrase(words.slice(0, 2).join(' '));
  return words.length >= 3 && short.length >= 6 && short.split(' ').length === 2 ? short : null;
}

/** The profile's names a question writes out as shown, or by a long name's first two words (the longest
 * of overlapping ones). */
export function namesIn(question: string, names: readonly string[]): string[] {
  const q = ` ${phrase(question)} `;
  const written = (n: string) => {
    const short = shortName(n);
    return q.includes(` ${phrase(n)} `) || (short !== null && q.includes(` ${short} `));
  };
  const named = names.filter((n) => n.trim().length >= 3 && written(n));
  return named.filter((n) => !named.some((o) => o !== n && phrase(o).includes(phrase(n))));
}

/** "Uber and Lyft", "Uber, Lyft and Via". */
export const andList = (names: readonly string[]): string =>
  names.length <= 1 ? (names[0] ?? '') : `${names.slice(0, -1).join(', ')} and ${names.at(-1)!}`;

/**
 * The profile's names a question joins ("uber and lyft", "starbucks & dunkin"): those written out as
 * shown, then, when the question joins several with "and", "or", "&", "+" or a comma, any other one it
 * names by its first word or misspelt. At most four, in the order written.
 */
export function joinedNames(question: string, names: readonly string[]): string[] {
  const found = namesIn(question, names);
  if (!/\b(and|or|plus)\b|[&+,]/.test(question.toLowerCase())) return found;
  let rest = ` ${phrase(question)} `;
  const drop = (n: string) => {
    const p = phrase(n);
    rest = rest.replace(` ${p} `, ' ').replace(` ${p.split(' ')[0] ?? ''} `, ' ');
  };
  found.forEach(drop);
  while (found.length < 4) {
    const hit = findNameSubject(rest, names);
    if (!hit || found.includes(hit.label)) break;
    found.push(hit.label);
    drop(hit.label);
    // A misspelt name leaves its own word: drop the word the match came from too.
    const word = rest
      .trim()
      .split(' ')
      .find((w) => w.length >= 5 && findNameSubject(w, [hit.label]));
    if (word) rest = rest.replace(` ${word} `, ' ');
  }
  const at = (n: string) => {
    const q = phrase(question);
    const i = q.indexOf(phrase(n));
    return i >= 0 ? i : q.indexOf(phrase(n).slice(0, 4));
  };
  // Only several at once change the reading; one name alone is namesIn's.
  return found.length > 1 ? found.sort((a, b) => at(a) - at(b)) : namesIn(question, names);
}

/**
 * What a spending question is about: a merchant or stream of the profile named as shown wins (so
 * "Netflix" is the stream, not all of streaming), then a category in any of its words, then a
 * misspelt merchant.
 */
export function findSubject(question: string, names: readonly string[] = []): Subject | null {
  const named = joinedNames(question, names);
  // Several merchants at once ("uber and lyft"): their category if the question names one in so many
  // words, else the merchants together, never one of them alone.
  if (named.length > 1)
    return exactCategory(question) ?? { kind: 'merchant', label: andList(named), names: named };
  if (named.length > 0) return findNameSubject(question, named);
  const joined = joinedCategories(question);
  if (joined) return joined;
  const exact = exactCategory(question);
  if (exact) return exact;
  // A misspelt category against a merchant by its first word or misspelt: the nearer wins ("peets" is
  // Peet's Coffee, not pets), a tie the category.
  const category = fuzzyCategory(question);
  const name = nameMatch(question, names);
  if (category && name) return name.score < category.score ? name.subject : category.subject;
  return category?.subject ?? name?.subject ?? null;
}

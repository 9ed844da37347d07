// The sandbox bank's books: a deterministic simulation of one person's accounts at one institution,
// day by day — payroll, housing, bills, subscriptions, card spending and its monthly payment and
// interest, refunds, transfers — in Plaid's sign convention (positive = money out of the account).
// Everything derives from (seed key, first day), so the same seed, institution and user always
// produce the same history, and simulating further days never rewrites earlier ones.
import { RecurringTransactionFrequency as Frequency } from 'plaid';
import { dayInMonth, daysInMonth, previousBusinessDay, weekday, ymd, type Day } from './days.ts';
import type { AccountRole, SandboxInstitution } from './institutions.ts';
import { rngFor, type Rng } from './random.ts';

export type Confidence = 'VERY_HIGH' | 'HIGH' | 'MEDIUM' | 'LOW';

export interface Category {
  primary: string;
  detailed: string;
  confidence: Confidence;
}

export type Channel = 'online' | 'in store' | 'other';

/** One transaction as the bank sees it, before ids and Plaid's response shape are attached. */
export interface GeneratedTransaction {
  /** Unique and stable within the item: transaction ids derive from it. */
  uid: string;
  accountKey: string;
  /** The day the transaction was authorized (and appeared, pending or not). */
  day: Day;
  /** 0: posts immediately; n: pending for n days, then posted (or dropped when `cancelled`). */
  postAfterDays: number;
  /** Cents, Plaid sign, once posted. */
  amount: number;
  /** Cents while pending (restaurant tips and fuel pre-authorisations change on posting). */
  pendingAmount: number;
  /**
   * The pending amount is corrected to `amount` a day after the transaction appears, while it is
   * still pending (a modification in /transactions/sync); otherwise it changes on posting.
   */
  pendingUpdate: boolean;
  /** A pending hold that disappears instead of posting. */
  cancelled: boolean;
  name: string;
  merchantName: string | null;
  /** The merchant is recognised this many days after posting: a modification in /transactions/sync. */
  enrichAfterDays: number | null;
  website: string | null;
  category: Category;
  channel: Channel;
  inStore: boolean;
  seriesId: string | null;
}

export interface SeriesInfo {
  id: string;
  accountKey: string;
  name: string;
  merchantName: string | null;
  frequency: Frequency;
  category: Category;
  amountVaries: boolean;
  /** Last day the series can occur (a cancelled subscription), or null while it runs. */
  until: Day | null;
  /** The next scheduled day strictly after `after`, or null if the series has ended by then. */
  nextAfter(after: Day): Day | null;
}

export interface AccountFigures {
  /** Cents at the start of the history: money in the account, or owed on credit and loans. */
  opening: number;
  limit: number | null;
  /** Investment accounts carry a value but no transactions. */
  investmentValue: number | null;
}

export interface History {
  transactions: GeneratedTransaction[];
  series: SeriesInfo[];
  accounts: Record<string, AccountFigures>;
  homeCity: HomeCity;
  /** The credit card's terms and statements (what /liabilities/get reports), if the bank has a card. */
  card: CardTerms | null;
  /** The loans' terms (student loan, mortgage). */
  loans: LoanTerms[];
  /**
   * Interest a loan accrues: it raises what is owed without a transaction of its own (the payment
   * transaction covers it), as a servicer's books do. Oldest first.
   */
  accruals: Accrual[];
}

export interface CardStatement {
  /** The statement's closing day. */
  day: Day;
  /** Cents owed at the close. */
  balance: number;
  /** Cents: the interest charged at this close on what the previous statement left unpaid. */
  interest: number;
  /** Cents carried from the previous statement (what the interest was charged on). */
  carried: number;
  minimumPayment: number;
  dueDay: Day | null;
  /** What this person will pay on the due day (the full balance, or part of it). */
  payment: number;
}

export interface CardTerms {
  accountKey: string;
  /** Day of the month statements close. */
  statementDay: number;
  /** Days from a statement's close to its due date. */
  dueAfter: number;
  aprPercentage: number;
  statements: CardStatement[];
  payments: Array<{ day: Day; amount: number }>;
}

export interface LoanTerms {
  accountKey: string;
  kind: 'student' | 'mortgage';
  /** The series whose counterpart is the payment on the loan account. */
  seriesId: string;
  /** Cents per month. */
  payment: number;
  ratePercentage: number;
  originationDay: Day;
  originationPrincipal: number;
  termMonths: number;
  payments: Array<{ day: Day; amount: number; interest: number }>;
}

export interface Accrual {
  accountKey: string;
  day: Day;
  /** Cents added to what is owed. */
  amount: number;
}

export interface HomeCity {
  city: string;
  region: string;
  postal_code: string;
}

const category = (detailed: string, confidence: Confidence = 'VERY_HIGH'): Category => {
  const primaries = [
    'INCOME',
    'TRANSFER_IN',
    'TRANSFER_OUT',
    'LOAN_PAYMENTS',
    'BANK_FEES',
    'ENTERTAINMENT',
    'FOOD_AND_DRINK',
    'GENERAL_MERCHANDISE',
    'HOME_IMPROVEMENT',
    'MEDICAL',
    'PERSONAL_CARE',
    'GENERAL_SERVICES',
    'GOVERNMENT_AND_NON_PROFIT',
    'TRANSPORTATION',
    'TRAVEL',
    'RENT_AND_UTILITIES',
  ];
  const primary = primaries.find((p) => detailed.startsWith(`${p}_`));
  if (!primary) throw new Error(`not a Plaid personal finance category: ${detailed}`);
  return { primary, detailed, confidence };
};

// ---------------------------------------------------------------------------------------------
// Schedules

interface Schedule {
  frequency: Frequency;
  due(day: Day): boolean;
}

const monthly = (dayOfMonth: number, businessDays = false): Schedule => {
  const target = (year: number, month: number) => {
    const day = dayInMonth(year, month, dayOfMonth);
    return businessDays ? previousBusinessDay(day) : day;
  };
  return {
    frequency: Frequency.Monthly,
    due(day) {
      const { year, month } = ymd(day);
      return day === target(year, month) || day === target(year, month + 1);
    },
  };
};

/** The 15th and the last day of the month, paid on the business day before a weekend. */
const semiMonthly = (): Schedule => ({
  frequency: Frequency.SemiMonthly,
  due(day) {
    const { year, month } = ymd(day);
    const targets = [
      dayInMonth(year, month, 15),
      dayInMonth(year, month, 31),
      dayInMonth(year, month + 1, 15),
      dayInMonth(year, month + 1, 31),
    ].map(previousBusinessDay);
    return targets.includes(day);
  },
});

const everyNDays = (anchor: Day, n: number, frequency: Frequency): Schedule => ({
  frequency,
  due: (day) => (((day - anchor) % n) + n) % n === 0,
});

const annually = (month: number, dayOfMonth: number): Schedule => ({
  frequency: Frequency.Annually,
  due(day) {
    const { year } = ymd(day);
    return day === dayInMonth(year, month, dayOfMonth);
  },
});

function nextDue(schedule: Schedule, after: Day, until: Day | null): Day | null {
  for (let day = after + 1; day <= after + 400; day++) {
    if (until !== null && day > until) return null;
    if (schedule.due(day)) return day;
  }
  return null;
}

// ---------------------------------------------------------------------------------------------
// Merchants

interface Merchant {
  name: string;
  merchant: string;
  website: string | null;
  /** The merchant name arrives a day after posting (Square/Toast descriptors). */
  enrich?: boolean;
}

const m = (name: string, merchant: string, website: string | null = null, enrich = false): Merchant => ({
  name,
  merchant,
  website,
  enrich,
});

const GROCERIES = [
  m('WHOLEFDS MKT #10234', 'Whole Foods Market', 'wholefoodsmarket.com'),
  m("TRADER JOE'S #552", "Trader Joe's", 'traderjoes.com'),
  m('SAFEWAY #1781', 'Safeway', 'safeway.com'),
  m('KROGER #0412', 'Kroger', 'kroger.com'),
  m('SPROUTS FARMERS MAR #331', 'Sprouts Farmers Market', 'sprouts.com'),
];
const RESTAURANTS = [
  m('OLIVE GARDEN 0023', 'Olive Garden', 'olivegarden.com'),
  m('THE CHEESECAKE FACTORY #45', 'The Cheesecake Factory', 'thecheesecakefactory.com'),
  m('SQ *THE LOCAL TAVERN', 'The Local Tavern', null, true),
  m('TST* BLUE PLATE DINER', 'Blue Plate Diner', null, true),
  m('SWEETGREEN SOMA', 'Sweetgreen', 'sweetgreen.com'),
  m('PF CHANGS #9921', "P.F. Chang's", 'pfchangs.com'),
  m('TST* NONNA ROSA TRATTORIA', 'Nonna Rosa Trattoria', null, true),
];
const FAST_FOOD = [
  m("MCDONALD'S F12345", "McDonald's", 'mcdonalds.com'),
  m('CHIPOTLE 2231', 'Chipotle Mexican Grill', 'chipotle.com'),
  m('TACO BELL #033210', 'Taco Bell', 'tacobell.com'),
  m('SUBWAY 10234', 'Subway', 'subway.com'),
];
const COFFEE = [
  m('STARBUCKS STORE 05512', 'Starbucks', 'starbucks.com'),
  m('SQ *BLUE BOTTLE COFFEE', 'Blue Bottle Coffee', null, true),
  m('PEETS COFFEE #0123', "Peet's Coffee", 'peets.com'),
  m('DUNKIN #345678', "Dunkin'", 'dunkindonuts.com'),
  m('SQ *CORNER CAFE', 'Corner Cafe', null, true),
];
const FUEL = [
  m('SHELL OIL 57444299', 'Shell', 'shell.com'),
  m('CHEVRON 0091234', 'Chevron', 'chevron.com'),
  m('EXXONMOBIL 45671234', 'ExxonMobil', 'exxon.com'),
  m('BP#9876543', 'BP', 'bp.com'),
];
const RIDESHARE = [
  m('UBER *TRIP HELP.UBER.COM', 'Uber', 'uber.com'),
  m('LYFT *RIDE SUN 5PM', 'Lyft', 'lyft.com'),
];
const ONLINE = [
  m('AMAZON.COM*2K4LM1AB3', 'Amazon', 'amazon.com'),
  m('AMZN MKTP US*1A2B3C4D5', 'Amazon', 'amazon.com'),
  m('ETSY.COM - SHOPNAME', 'Etsy', 'etsy.com'),
  m('EBAY O*12-34567-89012', 'eBay', 'ebay.com'),
];
const SUPERSTORES = [
  m('TARGET 00012345', 'Target', 'target.com'),
  m('WALMART SUPERCENTER #1234', 'Walmart', 'walmart.com'),
  m('COSTCO WHSE #0143', 'Costco', 'costco.com'),
];
const PHARMACY = [
  m('CVS/PHARMACY #01234', 'CVS Pharmacy', 'cvs.com'),
  m('WALGREENS #4567', 'Walgreens', 'walgreens.com'),
];
const PERSONAL_CARE = [
  m('GREAT CLIPS #1234', 'Great Clips', 'greatclips.com'),
  m('SUPERCUTS 5678', 'Supercuts', 'supercuts.com'),
];
const ENTERTAINMENT = [
  m('AMC THEATRES 0123', 'AMC Theatres', 'amctheatres.com'),
  m('TICKETMASTER *EVENT', 'Ticketmaster', 'ticketmaster.com'),
  m('REGAL CINEMAS 0456', 'Regal Cinemas', 'regmovies.com'),
];

interface OneOff {
  merchant: Merchant;
  detailed: string;
  min: number;
  max: number;
  channel: Channel;
  /** Hotels and car rentals first place a hold that is later dropped. */
  hold?: boolean;
  refundable?: boolean;
}

const ONE_OFFS: OneOff[] = [
  {
    merchant: m('DELTA AIR 0062345678901', 'Delta Air Lines', 'delta.com'),
    detailed: 'TRAVEL_FLIGHTS',
    min: 180,
    max: 650,
    channel: 'online',
  },
  {
    merchant: m('UNITED 0162345678', 'United Airlines', 'united.com'),
    detailed: 'TRAVEL_FLIGHTS',
    min: 150,
    max: 600,
    channel: 'online',
  },
  {
    merchant: m('MARRIOTT HOTELS 33456', 'Marriott', 'marriott.com'),
    detailed: 'TRAVEL_LODGING',
    min: 180,
    max: 700,
    channel: 'in store',
    hold: true,
  },
  {
    merchant: m('AIRBNB * HMQ2ZXYZ', 'Airbnb', 'airbnb.com'),
    detailed: 'TRAVEL_LODGING',
    min: 250,
    max: 900,
    channel: 'online',
  },
  {
    merchant: m('HERTZ RENT-A-CAR', 'Hertz', 'hertz.com'),
    detailed: 'TRAVEL_RENTAL_CARS',
    min: 120,
    max: 450,
    channel: 'in store',
    hold: true,
  },
  {
    merchant: m('THE HOME DEPOT #1234', 'The Home Depot', 'homedepot.com'),
    detailed: 'HOME_IMPROVEMENT_HARDWARE',
    min: 25,
    max: 400,
    channel: 'in store',
    refundable: true,
  },
  {
    merchant: m('IKEA US 0212', 'IKEA', 'ikea.com'),
    detailed: 'HOME_IMPROVEMENT_FURNITURE',
    min: 60,
    max: 900,
    channel: 'in store',
    refundable: true,
  },
  {
    merchant: m('BEST BUY 00012345', 'Best Buy', 'bestbuy.com'),
    detailed: 'GENERAL_MERCHANDISE_ELECTRONICS',
    min: 40,
    max: 900,
    channel: 'in store',
    refundable: true,
  },
  {
    merchant: m('APPLE.COM/BILL', 'Apple', 'apple.com'),
    detailed: 'GENERAL_MERCHANDISE_ELECTRONICS',
    min: 30,
    max: 1200,
    channel: 'online',
    refundable: true,
  },
  {
    merchant: m('NORDSTROM #0123', 'Nordstrom', 'nordstrom.com'),
    detailed: 'GENERAL_MERCHANDISE_CLOTHING_AND_ACCESSORIES',
    min: 40,
    max: 300,
    channel: 'in store',
    refundable: true,
  },
  {
    merchant: m('UNIQLO USA LLC', 'Uniqlo', 'uniqlo.com'),
    detailed: 'GENERAL_MERCHANDISE_CLOTHING_AND_ACCESSORIES',
    min: 20,
    max: 180,
    channel: 'online',
    refundable: true,
  },
  {
    merchant: m('BRIGHT SMILES DENTAL', 'Bright Smiles Dental', null),
    detailed: 'MEDICAL_DENTAL_CARE',
    min: 80,
    max: 350,
    channel: 'in store',
  },
  {
    merchant: m('CITY MEDICAL GROUP', 'City Medical Group', null),
    detailed: 'MEDICAL_PRIMARY_CARE',
    min: 25,
    max: 200,
    channel: 'in store',
  },
  {
    merchant: m('JIFFY LUBE #1234', 'Jiffy Lube', 'jiffylube.com'),
    detailed: 'GENERAL_SERVICES_AUTOMOTIVE',
    min: 45,
    max: 120,
    channel: 'in store',
  },
  {
    merchant: m('MIDAS AUTO SERVICE 221', 'Midas', 'midas.com'),
    detailed: 'GENERAL_SERVICES_AUTOMOTIVE',
    min: 150,
    max: 900,
    channel: 'in store',
  },
  {
    merchant: m('AMERICAN RED CROSS', 'American Red Cross', 'redcross.org'),
    detailed: 'GOVERNMENT_AND_NON_PROFIT_DONATIONS',
    min: 25,
    max: 150,
    channel: 'online',
  },
  {
    merchant: m('PETCO 1234', 'Petco', 'petco.com'),
    detailed: 'GENERAL_MERCHANDISE_PET_SUPPLIES',
    min: 20,
    max: 120,
    channel: 'in store',
  },
  {
    merchant: m('BANFIELD PET HOSPITAL', 'Banfield Pet Hospital', 'banfield.com'),
    detailed: 'MEDICAL_VETERINARY_SERVICES',
    min: 60,
    max: 400,
    channel: 'in store',
  },
  {
    merchant: m('USPS PO 0545670123', 'USPS', 'usps.com'),
    detailed: 'GENERAL_SERVICES_POSTAGE_AND_SHIPPING',
    min: 8,
    max: 40,
    channel: 'in store',
  },
];

const EMPLOYERS = [
  m('ACME CORP PAYROLL', 'Acme Corp'),
  m('GLOBEX CORPORATION DIR DEP', 'Globex'),
  m('INITECH INC PAYROLL', 'Initech'),
  m('UMBRELLA HEALTH DIRECT DEP', 'Umbrella Health'),
  m('HOOLI INC PAYROLL', 'Hooli'),
];
const LANDLORDS = [
  m('OAKWOOD APARTMENTS RENT', 'Oakwood Apartments'),
  m('PARKSIDE PROPERTY MGMT RENT', 'Parkside Property Management'),
  m('ZELLE PAYMENT TO RIVERVIEW LOFTS', 'Riverview Lofts'),
];
const PHONES = [
  { merchant: m('VERIZON WIRELESS PAYMENTS', 'Verizon', 'verizon.com'), dollars: [65, 85, 95] },
  { merchant: m('T-MOBILE AUTOPAY', 'T-Mobile', 't-mobile.com'), dollars: [50, 70, 90] },
  { merchant: m('AT&T WIRELESS BILL PAY', 'AT&T', 'att.com'), dollars: [55, 75, 85] },
];
const INSURERS = [
  m('GEICO AUTO INSURANCE', 'GEICO', 'geico.com'),
  m('STATE FARM INSURANCE', 'State Farm', 'statefarm.com'),
  m('PROGRESSIVE INSURANCE', 'Progressive', 'progressive.com'),
];
const STREAMING = [
  {
    id: 'netflix',
    merchant: m('NETFLIX.COM', 'Netflix', 'netflix.com'),
    detailed: 'ENTERTAINMENT_TV_AND_MOVIES',
    cents: 1549,
    raisedTo: 1799,
  },
  {
    id: 'spotify',
    merchant: m('SPOTIFY USA', 'Spotify', 'spotify.com'),
    detailed: 'ENTERTAINMENT_MUSIC_AND_AUDIO',
    cents: 1099,
    raisedTo: 1199,
  },
  {
    id: 'disney-plus',
    merchant: m('DISNEY PLUS', 'Disney+', 'disneyplus.com'),
    detailed: 'ENTERTAINMENT_TV_AND_MOVIES',
    cents: 1399,
    raisedTo: null,
  },
  {
    id: 'hulu',
    merchant: m('HULU 877-8244858', 'Hulu', 'hulu.com'),
    detailed: 'ENTERTAINMENT_TV_AND_MOVIES',
    cents: 1799,
    raisedTo: null,
  },
  {
    id: 'icloud',
    merchant: m('APPLE.COM/BILL ICLOUD', 'Apple', 'apple.com'),
    detailed: 'GENERAL_SERVICES_OTHER_GENERAL_SERVICES',
    cents: 299,
    raisedTo: null,
  },
  {
    id: 'youtube-premium',
    merchant: m('GOOGLE *YOUTUBEPREMIUM', 'YouTube Premium', 'youtube.com'),
    detailed: 'ENTERTAINMENT_TV_AND_MOVIES',
    cents: 1399,
    raisedTo: null,
  },
];
const GYMS = [
  { merchant: m('PLANET FITNESS CLUB FEES', 'Planet Fitness', 'planetfitness.com'), cents: 2499 },
  { merchant: m('CRUNCH FITNESS MEMBERSHIP', 'Crunch Fitness', 'crunch.com'), cents: 2999 },
  { merchant: m('ORANGETHEORY FITNESS', 'Orangetheory Fitness', 'orangetheory.com'), cents: 16900 },
];
const CITIES: HomeCity[] = [
  { city: 'San Francisco', region: 'CA', postal_code: '94103' },
  { city: 'Austin', region: 'TX', postal_code: '78701' },
  { city: 'Chicago', region: 'IL', postal_code: '60601' },
  { city: 'Denver', region: 'CO', postal_code: '80202' },
  { city: 'Raleigh', region: 'NC', postal_code: '27601' },
];

/** Electricity bills follow the seasons: heating in winter, air conditioning in summer. */
const ELECTRICITY_SEASON = [1.35, 1.25, 1.05, 0.9, 0.85, 1.1, 1.3, 1.35, 1.1, 0.9, 1.0, 1.25];

// ---------------------------------------------------------------------------------------------
// The simulation

interface RecurringSpec {
  id: string;
  accountKey: string;
  schedule: Schedule;
  merchant: Merchant;
  /** When the merchant is a counterparty name rather than a brand (transfers, bills paid by ACH). */
  merchantName: string | null;
  category: Category;
  channel: Channel;
  amount: (day: Day, rng: Rng) => number;
  amountVaries: boolean;
  from: Day | null;
  until: Day | null;
  postAfterDays: number;
  /** The other side of a transfer between two accounts of the item. */
  counterpart?: { accountKey: string; name: string; category: Category };
}

export interface HistoryInput {
  /** seed + institution + user: everything random derives from it. */
  seedKey: string;
  institution: SandboxInstitution;
  /** First day of the history (24 months before linking). */
  startDay: Day;
  /** The day the item was linked: opening balances are fitted to the history up to it. */
  linkDay: Day;
}

export function generateHistory(input: HistoryInput, throughDay: Day): History {
  const { seedKey, institution, startDay, linkDay } = input;
  const rng = rngFor(seedKey, 'persona');
  const keyOf = (role: AccountRole) => institution.accounts.find((a) => a.role === role)?.key ?? null;
  const checking = keyOf('checking') ?? institution.accounts[0]?.key ?? 'checking';
  const card = keyOf('credit_card');
  const savings = keyOf('savings');
  const moneyMarket = keyOf('money_market');
  const studentLoan = keyOf('student_loan');
  const mortgage = keyOf('mortgage');
  const brokerage = keyOf('brokerage');
  const homeCity = rng.pick(CITIES);
  const spendAccount = (dayRng: Rng) => (card && dayRng.chance(0.72) ? card : checking);
  const subscriptionAccount = card ?? checking;

  const specs: RecurringSpec[] = [];
  const spec = (
    partial: Omit<RecurringSpec, 'from' | 'until' | 'postAfterDays' | 'channel'> & Partial<RecurringSpec>,
  ) => specs.push({ from: null, until: null, postAfterDays: 0, channel: 'other', ...partial });

  // Payroll: biweekly on Fridays or semi-monthly, with one raise along the way.
  const employer = rng.pick(EMPLOYERS);
  const biweekly = rng.chance(0.5);
  const biweeklyPay = rng.int(2100, 3200) * 100 + rng.int(0, 99);
  const netPay = biweekly ? biweeklyPay : Math.round((biweeklyPay * 26) / 24);
  const raiseDay = startDay + rng.int(240, 520);
  const raisedPay = Math.round(netPay * (1 + rng.int(25, 60) / 1000));
  const firstFriday = startDay + ((5 - weekday(startDay) + 7) % 7) + (rng.chance(0.5) ? 7 : 0);
  spec({
    id: 'payroll',
    accountKey: checking,
    schedule: biweekly ? everyNDays(firstFriday, 14, Frequency.Biweekly) : semiMonthly(),
    merchant: employer,
    merchantName: employer.merchant,
    category: category('INCOME_WAGES'),
    amount: (day) => -(day >= raiseDay ? raisedPay : netPay),
    amountVaries: false,
  });
  const monthlyIncome = (biweeklyPay * 26) / 12;

  // Housing: the mortgage if the institution holds one, otherwise rent.
  let mortgagePayment: number | null = null;
  if (mortgage) {
    const payment = rng.int(1750, 2650) * 100 + rng.int(0, 99);
    mortgagePayment = payment;
    spec({
      id: 'mortgage-payment',
      accountKey: checking,
      schedule: monthly(1),
      merchant: m(`${institution.name.toUpperCase()} MORTGAGE PMT`, `${institution.name} Mortgage`),
      merchantName: null,
      category: category('LOAN_PAYMENTS_MORTGAGE_PAYMENT'),
      amount: () => payment,
      amountVaries: false,
      counterpart: {
        accountKey: mortgage,
        name: 'MORTGAGE PAYMENT RECEIVED',
        category: category('LOAN_PAYMENTS_MORTGAGE_PAYMENT'),
      },
    });
  } else {
    const landlord = rng.pick(LANDLORDS);
    const rent = Math.round((monthlyIncome * rng.int(24, 30)) / 100 / 2500) * 2500;
    spec({
      id: 'rent',
      accountKey: checking,
      schedule: monthly(1),
      merchant: landlord,
      merchantName: landlord.merchant,
      category: category('RENT_AND_UTILITIES_RENT'),
      amount: () => rent,
      amountVaries: false,
    });
  }

  // Utilities, phone and insurance.
  const electricityBase = rng.int(60, 130);
  spec({
    id: 'electricity',
    accountKey: checking,
    schedule: monthly(rng.int(14, 22)),
    merchant: m('CITY POWER & LIGHT BILL PAY', 'City Power & Light'),
    merchantName: 'City Power & Light',
    category: category('RENT_AND_UTILITIES_GAS_AND_ELECTRICITY'),
    amount: (day, dayRng) =>
      Math.round(
        electricityBase * (ELECTRICITY_SEASON[ymd(day).month - 1] ?? 1) * (0.9 + dayRng.next() * 0.2) * 100,
      ),
    amountVaries: true,
  });
  const internet = rng.pick([5999, 6999, 7999]);
  spec({
    id: 'internet',
    accountKey: checking,
    schedule: monthly(rng.int(5, 12)),
    merchant: m('COMCAST XFINITY AUTOPAY', 'Xfinity', 'xfinity.com'),
    merchantName: 'Xfinity',
    category: category('RENT_AND_UTILITIES_INTERNET_AND_CABLE'),
    amount: () => internet,
    amountVaries: false,
  });
  if (rng.chance(0.6)) {
    spec({
      id: 'water',
      accountKey: checking,
      schedule: monthly(rng.int(20, 27)),
      merchant: m('CITY WATER UTILITY WEB PMT', 'City Water Utility'),
      merchantName: 'City Water Utility',
      category: category('RENT_AND_UTILITIES_WATER'),
      amount: (_day, dayRng) => dayRng.cents(28, 65),
      amountVaries: true,
    });
  }
  const phone = rng.pick(PHONES);
  const phoneBill = rng.pick(phone.dollars) * 100;
  spec({
    id: 'phone',
    accountKey: subscriptionAccount,
    schedule: monthly(rng.int(8, 25)),
    merchant: phone.merchant,
    merchantName: phone.merchant.merchant,
    category: category('RENT_AND_UTILITIES_TELEPHONE'),
    channel: 'online',
    amount: () => phoneBill,
    amountVaries: false,
    postAfterDays: 1,
  });
  const insurer = rng.pick(INSURERS);
  const premium = rng.int(95, 185) * 100 + rng.int(0, 99);
  spec({
    id: 'auto-insurance',
    accountKey: checking,
    schedule: monthly(rng.int(2, 27)),
    merchant: insurer,
    merchantName: insurer.merchant,
    category: category('GENERAL_SERVICES_INSURANCE'),
    amount: () => premium,
    amountVaries: false,
  });
  const renters = rng.int(120, 240) * 100;
  spec({
    id: 'home-insurance',
    accountKey: checking,
    schedule: annually(rng.int(1, 12), rng.int(1, 28)),
    merchant: m('LEMONADE INSURANCE ANNUAL', 'Lemonade', 'lemonade.com'),
    merchantName: 'Lemonade',
    category: category('GENERAL_SERVICES_INSURANCE'),
    channel: 'online',
    amount: () => renters,
    amountVaries: false,
  });

  // Subscriptions on the card: streaming (one raises its price, one gets cancelled), gym, Prime.
  const streams = rng.sample(STREAMING, rng.int(3, 5));
  const cancelled = rng.chance(0.5) ? rng.pick(streams).id : null;
  for (const stream of streams) {
    const raiseOn = stream.raisedTo ? startDay + rng.int(200, 600) : null;
    spec({
      id: `subscription-${stream.id}`,
      accountKey: subscriptionAccount,
      schedule: monthly(rng.int(1, 28)),
      merchant: stream.merchant,
      merchantName: stream.merchant.merchant,
      category: category(stream.detailed),
      channel: 'online',
      amount: (day) =>
        raiseOn !== null && stream.raisedTo && day >= raiseOn ? stream.raisedTo : stream.cents,
      amountVaries: false,
      until: stream.id === cancelled ? startDay + rng.int(300, 600) : null,
      postAfterDays: 1,
    });
  }
  if (rng.chance(0.7)) {
    const gym = rng.pick(GYMS);
    spec({
      id: 'gym',
      accountKey: subscriptionAccount,
      schedule: monthly(rng.int(1, 28)),
      merchant: gym.merchant,
      merchantName: gym.merchant.merchant,
      category: category('PERSONAL_CARE_GYMS_AND_FITNESS_CENTERS'),
      amount: () => gym.cents,
      amountVaries: false,
      postAfterDays: 1,
    });
  }
  spec({
    id: 'amazon-prime',
    accountKey: subscriptionAccount,
    schedule: annually(rng.int(1, 12), rng.int(1, 28)),
    merchant: m('AMAZON PRIME*MEMBERSHIP', 'Amazon Prime', 'amazon.com'),
    merchantName: 'Amazon Prime',
    category: category('GENERAL_MERCHANDISE_ONLINE_MARKETPLACES'),
    channel: 'online',
    amount: () => 13900,
    amountVaries: false,
    postAfterDays: 1,
  });
  if (rng.chance(0.45)) {
    const from = startDay + rng.int(30, 200);
    spec({
      id: 'meal-kit',
      accountKey: subscriptionAccount,
      schedule: everyNDays(from, 7, Frequency.Weekly),
      merchant: m('HELLOFRESH 646-8461604', 'HelloFresh', 'hellofresh.com'),
      merchantName: 'HelloFresh',
      category: category('FOOD_AND_DRINK_GROCERIES'),
      channel: 'online',
      amount: () => 7194,
      amountVaries: false,
      from,
      until: from + 7 * rng.int(12, 40),
      postAfterDays: 1,
    });
  }

  // Transfers between the item's own accounts.
  if (savings) {
    const toSavings = rng.pick([150, 200, 250, 300, 400, 500]) * 100;
    spec({
      id: 'savings-transfer',
      accountKey: checking,
      schedule: monthly(rng.int(2, 6)),
      merchant: m(`ONLINE TRANSFER TO SAV XXXXXX${maskOf(institution, savings)}`, ''),
      merchantName: null,
      category: category('TRANSFER_OUT_SAVINGS'),
      amount: () => toSavings,
      amountVaries: false,
      counterpart: {
        accountKey: savings,
        name: `ONLINE TRANSFER FROM CHK XXXXXX${maskOf(institution, checking)}`,
        category: category('TRANSFER_IN_SAVINGS'),
      },
    });
  }
  let studentLoanPayment: number | null = null;
  if (studentLoan) {
    const loanPayment = rng.int(220, 420) * 100 + rng.int(0, 99);
    studentLoanPayment = loanPayment;
    spec({
      id: 'student-loan-payment',
      accountKey: checking,
      schedule: monthly(rng.int(10, 20)),
      merchant: m('NELNET STUDENT LOAN PMT', 'Nelnet', 'nelnet.com'),
      merchantName: 'Nelnet',
      category: category('LOAN_PAYMENTS_STUDENT_LOAN_PAYMENT'),
      amount: () => loanPayment,
      amountVaries: false,
      counterpart: {
        accountKey: studentLoan,
        name: 'PAYMENT RECEIVED - THANK YOU',
        category: category('LOAN_PAYMENTS_STUDENT_LOAN_PAYMENT'),
      },
    });
  }
  if (brokerage) {
    const invest = rng.pick([100, 150, 250, 400]) * 100;
    spec({
      id: 'auto-invest',
      accountKey: checking,
      schedule: monthly(rng.int(16, 24)),
      merchant: m(`${institution.name.toUpperCase()} BROKERAGE AUTO INVEST`, ''),
      merchantName: null,
      category: category('TRANSFER_OUT_INVESTMENT_AND_RETIREMENT_FUNDS'),
      amount: () => invest,
      amountVaries: false,
    });
  }

  // Opening positions, and the card's terms.
  const accounts: Record<string, AccountFigures> = {};
  for (const account of institution.accounts) {
    const figures = (
      opening: number,
      limit: number | null = null,
      investmentValue: number | null = null,
    ) => ({
      opening,
      limit,
      investmentValue,
    });
    switch (account.role) {
      case 'checking':
        accounts[account.key] = figures(rng.int(1500, 4000) * 100);
        break;
      case 'savings':
        accounts[account.key] = figures(rng.int(3000, 15000) * 100);
        break;
      case 'money_market':
        accounts[account.key] = figures(rng.int(8000, 25000) * 100);
        break;
      case 'credit_card':
        accounts[account.key] = figures(rng.int(300, 1500) * 100, rng.int(50, 150) * 10000);
        break;
      case 'student_loan':
        accounts[account.key] = figures(rng.int(18000, 42000) * 100);
        break;
      case 'mortgage':
        accounts[account.key] = figures(rng.int(240000, 420000) * 100);
        break;
      case 'retirement_401k':
        accounts[account.key] = figures(0, null, rng.int(25000, 140000) * 100 + rng.int(0, 99));
        break;
      case 'brokerage':
        accounts[account.key] = figures(0, null, rng.int(5000, 60000) * 100 + rng.int(0, 99));
        break;
    }
  }
  // The loans' rates come from their own stream of numbers, so adding them left every other figure
  // of the history as it was. A rate is capped so that interest takes at most 60 % of the payment.
  const loanRng = rngFor(seedKey, 'loan-terms');
  const loans: LoanTerms[] = [];
  for (const [key, kind, seriesId, payment] of [
    [studentLoan, 'student', 'student-loan-payment', studentLoanPayment],
    [mortgage, 'mortgage', 'mortgage-payment', mortgagePayment],
  ] as const) {
    const opening = key ? accounts[key]?.opening : undefined;
    if (!key || opening === undefined || payment === null) continue;
    const offered = kind === 'mortgage' ? loanRng.int(275, 725) / 100 : loanRng.int(350, 799) / 100;
    const cap = Math.floor(((0.6 * payment * 12) / opening) * 10000) / 100;
    const termMonths = kind === 'mortgage' ? 360 : 120;
    const ageMonths = loanRng.int(18, kind === 'mortgage' ? 96 : 48);
    loans.push({
      accountKey: key,
      kind,
      seriesId,
      payment,
      ratePercentage: Math.max(0.5, Math.min(offered, cap)),
      originationDay: startDay - Math.round(ageMonths * 30.44),
      originationPrincipal: Math.round((opening * (1 + ageMonths / termMonths)) / 100) * 100,
      termMonths,
      payments: [],
    });
  }
  const accruals: Accrual[] = [];

  const statementDay = rng.int(3, 25);
  const dueAfter = rng.int(21, 25);
  const monthlyRate = rng.int(1999, 2799) / 100 / 100 / 12;
  const savingsApy = rng.int(50, 430) / 100 / 100;
  const savingsLife = savings ? savingsHabits(seedKey, startDay, savingsApy) : null;

  // ------------------------------------------------------------------------------------------
  const transactions: GeneratedTransaction[] = [];
  const balances = new Map<string, number>(Object.entries(accounts).map(([key, a]) => [key, a.opening]));
  const direction = (accountKey: string) => {
    const role = institution.accounts.find((a) => a.key === accountKey)?.role;
    return role === 'credit_card' || role === 'student_loan' || role === 'mortgage' ? 1 : -1;
  };
  let checkingLow = 0;
  let checkingRunning = 0;
  const push = (
    txn: Omit<
      GeneratedTransaction,
      'pendingAmount' | 'pendingUpdate' | 'cancelled' | 'enrichAfterDays' | 'inStore'
    > &
      Partial<
        Pick<GeneratedTransaction, 'pendingAmount' | 'pendingUpdate' | 'cancelled' | 'enrichAfterDays'>
      >,
  ) => {
    const full: GeneratedTransaction = {
      pendingAmount: txn.amount,
      pendingUpdate: false,
      cancelled: false,
      enrichAfterDays: null,
      inStore: txn.channel === 'in store',
      ...txn,
    };
    // Amounts that change while pending are usually corrected before the transaction posts.
    if (full.pendingAmount !== full.amount && full.postAfterDays >= 2 && !full.cancelled) {
      full.pendingUpdate = rngFor(seedKey, 'pending-update', full.uid).chance(0.7);
    }
    transactions.push(full);
    if (full.cancelled) return;
    balances.set(
      full.accountKey,
      (balances.get(full.accountKey) ?? 0) + direction(full.accountKey) * full.amount,
    );
    if (full.accountKey === checking && full.day <= linkDay) {
      checkingRunning -= full.amount;
      checkingLow = Math.min(checkingLow, checkingRunning);
    }
  };
  const purchase = (
    day: Day,
    uid: string,
    merchant: Merchant,
    detailed: string,
    amount: number,
    accountKey: string,
    dayRng: Rng,
    extra: Partial<GeneratedTransaction> = {},
  ) => {
    const card = {
      accountKey,
      day,
      name: merchant.name,
      merchantName: merchant.merchant,
      website: merchant.website,
      category: category(detailed, dayRng.pick<Confidence>(['VERY_HIGH', 'HIGH'])),
      channel: extra.channel ?? 'in store',
      seriesId: null,
    };
    // Merchants sometimes authorise a card twice; the extra authorisation is released unposted.
    if (dayRng.chance(0.1)) {
      push({
        ...card,
        uid: `${uid}:authorization`,
        postAfterDays: dayRng.int(1, 2),
        amount,
        cancelled: true,
      });
    }
    push({
      ...card,
      uid,
      postAfterDays: dayRng.int(1, 3),
      amount,
      enrichAfterDays: merchant.enrich ? dayRng.int(1, 3) : null,
      ...extra,
    });
  };

  let statementBalance = 0;
  let paidSinceStatement = 0;
  let dueDay: Day | null = null;
  let duePayment = 0;
  let carried = 0;
  const cardInfo = card ? { name: `ONLINE PAYMENT TO CARD XXXXXX${maskOf(institution, card)}` } : null;
  const cardTerms: CardTerms | null = card
    ? {
        accountKey: card,
        statementDay,
        dueAfter,
        aprPercentage: Math.round(monthlyRate * 12 * 10000) / 100,
        statements: [],
        payments: [],
      }
    : null;

  for (let day = startDay; day <= throughDay; day++) {
    const dayRng = rngFor(seedKey, 'day', day);
    const { year, month, day: dom } = ymd(day);

    // A loan's interest accrues to its payment day; the payment then covers it first.
    for (const loan of loans) {
      const payment = specs.find((s) => s.id === loan.seriesId);
      if (!payment?.schedule.due(day)) continue;
      const owed = balances.get(loan.accountKey) ?? 0;
      const interest = owed > 0 ? Math.round((owed * loan.ratePercentage) / 100 / 12) : 0;
      if (interest > 0) {
        accruals.push({ accountKey: loan.accountKey, day, amount: interest });
        balances.set(loan.accountKey, owed + interest);
      }
      loan.payments.push({ day, amount: payment.amount(day, rngFor(seedKey, payment.id, day)), interest });
    }

    for (const s of specs) {
      if ((s.from !== null && day < s.from) || (s.until !== null && day > s.until) || !s.schedule.due(day))
        continue;
      const amount = s.amount(day, rngFor(seedKey, s.id, day));
      push({
        uid: `${s.id}:${day}`,
        accountKey: s.accountKey,
        day,
        postAfterDays: s.postAfterDays,
        amount,
        name: s.merchant.name,
        merchantName: s.merchantName,
        website: s.merchant.website,
        category: s.category,
        channel: s.channel,
        seriesId: s.id,
      });
      if (s.counterpart) {
        push({
          uid: `${s.id}:counterpart:${day}`,
          accountKey: s.counterpart.accountKey,
          day,
          postAfterDays: 0,
          amount: -amount,
          name: s.counterpart.name,
          merchantName: null,
          website: null,
          category: s.counterpart.category,
          channel: 'other',
          seriesId: `${s.id}:counterpart`,
        });
      }
    }

    // Interest paid on deposits at month end.
    if (dom === daysInMonth(year, month)) {
      for (const [key, apy] of [
        [savings, savingsLife?.apyOn(day) ?? savingsApy],
        [moneyMarket, savingsApy + 0.004],
      ] as const) {
        if (!key) continue;
        const interest = Math.round(((balances.get(key) ?? 0) * apy) / 12);
        if (interest > 0) {
          push({
            uid: `interest-earned-${key}:${day}`,
            accountKey: key,
            day,
            postAfterDays: 0,
            amount: -interest,
            name: 'INTEREST PAYMENT',
            merchantName: null,
            website: null,
            category: category('INCOME_INTEREST_EARNED'),
            channel: 'other',
            seriesId: `interest-earned-${key}`,
          });
        }
      }
    }

    // A savings account also lives a life of its own: money put aside now and then, taken out now and
    // then (sometimes much of it), from its own stream of numbers so every other figure stays the same.
    if (savings && savingsLife) {
      for (const move of savingsLife.movesOn(day, balances.get(savings) ?? 0)) {
        push({
          ...move,
          accountKey: savings,
          day,
          postAfterDays: 0,
          website: null,
          channel: 'other',
          seriesId: null,
        });
      }
    }

    // The card: statement (with interest on what was carried), then the payment from checking.
    if (card && cardInfo) {
      if (dom === Math.min(statementDay, daysInMonth(year, month))) {
        carried = Math.max(0, statementBalance - paidSinceStatement);
        const interestCharged =
          carried > 0 && day > startDay + 31 ? Math.max(50, Math.round(carried * monthlyRate)) : 0;
        if (interestCharged > 0) {
          push({
            uid: `card-interest:${day}`,
            accountKey: card,
            day,
            postAfterDays: 0,
            amount: interestCharged,
            name: 'INTEREST CHARGE ON PURCHASES',
            merchantName: null,
            website: null,
            category: category('BANK_FEES_INTEREST_CHARGE'),
            channel: 'other',
            seriesId: 'card-interest',
          });
        }
        statementBalance = Math.max(0, balances.get(card) ?? 0);
        paidSinceStatement = 0;
        const fullPay = dayRng.chance(0.6) || statementBalance > (accounts[card]?.limit ?? 0) * 0.7;
        duePayment = fullPay
          ? statementBalance
          : Math.max(3500, Math.round(statementBalance * (0.55 + dayRng.next() * 0.35)));
        dueDay = statementBalance > 0 ? day + dueAfter : null;
        cardTerms?.statements.push({
          day,
          balance: statementBalance,
          interest: interestCharged,
          carried,
          // Issuers' usual rule: 1 % of the balance plus the interest, at least $35, never above the balance.
          minimumPayment: Math.min(
            statementBalance,
            Math.max(3500, Math.round(statementBalance * 0.01) + interestCharged),
          ),
          dueDay,
          payment: statementBalance > 0 ? duePayment : 0,
        });
      }
      if (dueDay === day && duePayment > 0) {
        push({
          uid: `card-payment:${day}`,
          accountKey: checking,
          day,
          postAfterDays: 0,
          amount: duePayment,
          name: cardInfo.name,
          merchantName: null,
          website: null,
          category: category('LOAN_PAYMENTS_CREDIT_CARD_PAYMENT'),
          channel: 'other',
          seriesId: 'card-payment',
        });
        push({
          uid: `card-payment:counterpart:${day}`,
          accountKey: card,
          day,
          postAfterDays: 0,
          amount: -duePayment,
          name: 'PAYMENT - THANK YOU',
          merchantName: null,
          website: null,
          category: category('LOAN_PAYMENTS_CREDIT_CARD_PAYMENT'),
          channel: 'other',
          seriesId: 'card-payment:counterpart',
        });
        paidSinceStatement += duePayment;
        cardTerms?.payments.push({ day, amount: duePayment });
        dueDay = null;
      }
    }

    // Everyday spending.
    let n = 0;
    const uid = (kind: string) => `${kind}:${day}:${n++}`;
    if (dayRng.chance(0.3)) {
      purchase(
        day,
        uid('groceries'),
        dayRng.pick(GROCERIES),
        'FOOD_AND_DRINK_GROCERIES',
        dayRng.cents(18, 185),
        spendAccount(dayRng),
        dayRng,
      );
    }
    if (dayRng.chance(0.25)) {
      const amount = dayRng.cents(16, 110);
      const pendingAmount = Math.round(amount / (1.15 + dayRng.next() * 0.07));
      purchase(
        day,
        uid('restaurant'),
        dayRng.pick(RESTAURANTS),
        'FOOD_AND_DRINK_RESTAURANT',
        amount,
        spendAccount(dayRng),
        dayRng,
        {
          pendingAmount,
        },
      );
    }
    if (dayRng.chance(0.35)) {
      purchase(
        day,
        uid('coffee'),
        dayRng.pick(COFFEE),
        'FOOD_AND_DRINK_COFFEE',
        dayRng.cents(3.75, 9),
        spendAccount(dayRng),
        dayRng,
      );
    }
    if (dayRng.chance(0.12)) {
      purchase(
        day,
        uid('fast-food'),
        dayRng.pick(FAST_FOOD),
        'FOOD_AND_DRINK_FAST_FOOD',
        dayRng.cents(7, 24),
        spendAccount(dayRng),
        dayRng,
      );
    }
    if (dayRng.chance(0.13)) {
      const amount = dayRng.cents(28, 68);
      purchase(
        day,
        uid('fuel'),
        dayRng.pick(FUEL),
        'TRANSPORTATION_GAS',
        amount,
        spendAccount(dayRng),
        dayRng,
        {
          pendingAmount: dayRng.chance(0.35) ? 10000 : amount,
        },
      );
    }
    if (dayRng.chance(0.05)) {
      purchase(
        day,
        uid('rideshare'),
        dayRng.pick(RIDESHARE),
        'TRANSPORTATION_TAXIS_AND_RIDE_SHARES',
        dayRng.cents(9, 42),
        spendAccount(dayRng),
        dayRng,
        // The fare is authorised as an estimate and settles at the final price.
        { channel: 'online', pendingAmount: dayRng.cents(10, 40) },
      );
    }
    const refundable: Array<{
      merchant: Merchant;
      detailed: string;
      amount: number;
      accountKey: string;
      channel: Channel;
    }> = [];
    if (dayRng.chance(0.17)) {
      const merchant = dayRng.pick(ONLINE);
      const amount = dayRng.cents(9, 140);
      const accountKey = spendAccount(dayRng);
      purchase(
        day,
        uid('online'),
        merchant,
        'GENERAL_MERCHANDISE_ONLINE_MARKETPLACES',
        amount,
        accountKey,
        dayRng,
        { channel: 'online' },
      );
      refundable.push({
        merchant,
        detailed: 'GENERAL_MERCHANDISE_ONLINE_MARKETPLACES',
        amount,
        accountKey,
        channel: 'online',
      });
    }
    if (dayRng.chance(0.07)) {
      const merchant = dayRng.pick(SUPERSTORES);
      const amount = dayRng.cents(15, 160);
      const accountKey = spendAccount(dayRng);
      purchase(
        day,
        uid('superstore'),
        merchant,
        'GENERAL_MERCHANDISE_SUPERSTORES',
        amount,
        accountKey,
        dayRng,
      );
      refundable.push({
        merchant,
        detailed: 'GENERAL_MERCHANDISE_SUPERSTORES',
        amount,
        accountKey,
        channel: 'in store',
      });
    }
    if (dayRng.chance(0.04)) {
      purchase(
        day,
        uid('pharmacy'),
        dayRng.pick(PHARMACY),
        'MEDICAL_PHARMACIES_AND_SUPPLEMENTS',
        dayRng.cents(6, 60),
        spendAccount(dayRng),
        dayRng,
      );
    }
    if (dayRng.chance(0.03)) {
      purchase(
        day,
        uid('personal-care'),
        dayRng.pick(PERSONAL_CARE),
        'PERSONAL_CARE_HAIR_AND_BEAUTY',
        dayRng.cents(18, 45),
        spendAccount(dayRng),
        dayRng,
      );
    }
    if (dayRng.chance(0.03)) {
      purchase(
        day,
        uid('entertainment'),
        dayRng.pick(ENTERTAINMENT),
        'ENTERTAINMENT_SPORTING_EVENTS_AMUSEMENT_PARKS_AND_MUSEUMS',
        dayRng.cents(12, 140),
        spendAccount(dayRng),
        dayRng,
      );
    }
    if (dayRng.chance(0.045)) {
      const oneOff = dayRng.pick(ONE_OFFS);
      const amount = dayRng.cents(oneOff.min, oneOff.max);
      const accountKey = spendAccount(dayRng);
      if (oneOff.hold) {
        push({
          uid: uid('hold'),
          accountKey,
          day,
          postAfterDays: dayRng.int(2, 4),
          amount: dayRng.cents(100, 250),
          name: oneOff.merchant.name,
          merchantName: oneOff.merchant.merchant,
          website: oneOff.merchant.website,
          category: category(oneOff.detailed, 'HIGH'),
          channel: oneOff.channel,
          seriesId: null,
          cancelled: true,
        });
      }
      purchase(day, uid('one-off'), oneOff.merchant, oneOff.detailed, amount, accountKey, dayRng, {
        channel: oneOff.channel,
      });
      if (oneOff.refundable) {
        refundable.push({
          merchant: oneOff.merchant,
          detailed: oneOff.detailed,
          amount,
          accountKey,
          channel: oneOff.channel,
        });
      }
    }
    for (const bought of refundable) {
      if (!dayRng.chance(0.07)) continue;
      const refund = dayRng.chance(0.6)
        ? bought.amount
        : Math.round(bought.amount * (0.2 + dayRng.next() * 0.6));
      push({
        uid: uid('refund'),
        accountKey: bought.accountKey,
        day: day + dayRng.int(4, 21),
        postAfterDays: 0,
        amount: -refund,
        name: bought.merchant.name,
        merchantName: bought.merchant.merchant,
        website: bought.merchant.website,
        category: category(bought.detailed, 'HIGH'),
        channel: bought.channel,
        seriesId: null,
      });
    }
    if (dayRng.chance(0.025)) {
      push({
        uid: uid('atm'),
        accountKey: checking,
        day,
        postAfterDays: 0,
        amount: dayRng.pick([40, 60, 80, 100, 200]) * 100,
        name: `ATM WITHDRAWAL 00${dayRng.int(1000, 9999)} ${homeCity.city.toUpperCase()}`,
        merchantName: null,
        website: null,
        category: category('TRANSFER_OUT_WITHDRAWAL'),
        channel: 'in store',
        seriesId: null,
      });
    }
    if (dayRng.chance(0.035)) {
      push({
        uid: uid('venmo-out'),
        accountKey: checking,
        day,
        postAfterDays: 1,
        amount: dayRng.cents(15, 120),
        name: `VENMO PAYMENT ${dayRng.int(1000000000, 1999999999)}`,
        merchantName: 'Venmo',
        website: 'venmo.com',
        category: category('TRANSFER_OUT_ACCOUNT_TRANSFER', 'HIGH'),
        channel: 'online',
        seriesId: null,
      });
    }
    if (dayRng.chance(0.02)) {
      push({
        uid: uid('venmo-in'),
        accountKey: checking,
        day,
        postAfterDays: 0,
        amount: -dayRng.cents(10, 150),
        name: 'VENMO CASHOUT',
        merchantName: 'Venmo',
        website: 'venmo.com',
        category: category('TRANSFER_IN_ACCOUNT_TRANSFER', 'HIGH'),
        channel: 'online',
        seriesId: null,
      });
    }
    const taxRng = rngFor(seedKey, 'tax', year);
    if (day === dayInMonth(year, taxRng.int(2, 4), taxRng.int(1, 28))) {
      push({
        uid: `tax-refund:${day}`,
        accountKey: checking,
        day,
        postAfterDays: 0,
        amount: -taxRng.cents(300, 2200),
        name: 'IRS TREAS 310 TAX REF',
        merchantName: null,
        website: null,
        category: category('INCOME_TAX_REFUND'),
        channel: 'other',
        seriesId: null,
      });
    }
  }

  // Fit the checking account's opening balance so the history never overdraws it.
  const checkingFigures = accounts[checking];
  if (checkingFigures) {
    const needed = 25000 - checkingLow;
    if (needed > checkingFigures.opening) checkingFigures.opening = Math.ceil(needed / 1000) * 1000;
  }

  transactions.sort((a, b) => a.day - b.day);
  const series: SeriesInfo[] = [];
  for (const s of specs) {
    const info = {
      accountKey: s.accountKey,
      merchantName: s.merchantName,
      frequency: s.schedule.frequency,
      amountVaries: s.amountVaries,
      until: s.until,
      nextAfter: (after: Day) => nextDue(s.schedule, Math.max(after, (s.from ?? after) - 1), s.until),
    };
    series.push({ ...info, id: s.id, name: s.merchant.name, category: s.category });
    if (s.counterpart) {
      series.push({
        ...info,
        id: `${s.id}:counterpart`,
        accountKey: s.counterpart.accountKey,
        name: s.counterpart.name,
        merchantName: null,
        category: s.counterpart.category,
      });
    }
  }
  if (card && cardInfo) {
    const payments = {
      frequency: Frequency.Monthly,
      amountVaries: true,
      until: null,
      merchantName: null,
      nextAfter: (after: Day) => {
        const due = monthly(statementDay);
        const statement = nextDue(due, after - dueAfter, null);
        return statement === null ? null : statement + dueAfter;
      },
    };
    series.push(
      {
        ...payments,
        id: 'card-payment',
        accountKey: checking,
        name: cardInfo.name,
        category: category('LOAN_PAYMENTS_CREDIT_CARD_PAYMENT'),
      },
      {
        ...payments,
        id: 'card-payment:counterpart',
        accountKey: card,
        name: 'PAYMENT - THANK YOU',
        category: category('LOAN_PAYMENTS_CREDIT_CARD_PAYMENT'),
      },
      {
        ...payments,
        id: 'card-interest',
        accountKey: card,
        name: 'INTEREST CHARGE ON PURCHASES',
        category: category('BANK_FEES_INTEREST_CHARGE'),
        nextAfter: (after: Day) => nextDue(monthly(statementDay), after, null),
      },
    );
  }
  for (const key of [savings, moneyMarket]) {
    if (!key) continue;
    series.push({
      id: `interest-earned-${key}`,
      accountKey: key,
      name: 'INTEREST PAYMENT',
      merchantName: null,
      frequency: Frequency.Monthly,
      category: category('INCOME_INTEREST_EARNED'),
      amountVaries: true,
      until: null,
      nextAfter: (after: Day) => nextDue(monthly(31), after, null),
    });
  }

  return { transactions, series, accounts, homeCity, card: cardTerms, loans, accruals };
}

const SAVINGS_SENDERS = ['J SMITH', 'M GARCIA', 'L NGUYEN', 'R PATEL', 'K JOHNSON', 'A COHEN', 'D OKAFOR'];

/**
 * What a savings account sees beside its automatic transfer and its interest, like real ones: deposits
 * at irregular times (a cheque, money from family, a bonus put aside), withdrawals now and then, some
 * of them large (a car repair, a holiday, a deposit on a flat), and a rate the bank moves a few times.
 * Each person's habits differ (how often, how much); everything derives from the seed key and the day,
 * so simulating further days never rewrites earlier ones.
 */
function savingsHabits(seedKey: string, startDay: Day, apy: number) {
  const habits = rngFor(seedKey, 'savings-habits');
  const depositsPerMonth = habits.int(10, 150) / 100;
  const depositScale = habits.pick([80, 150, 250, 400, 700]);
  const withdrawalsPerMonth = habits.int(8, 60) / 100;
  const withdrawalScale = habits.pick([150, 300, 500, 900]);
  const largeShare = habits.int(10, 35) / 100;
  // Rate changes: one to three over the first three years, each up or down by up to 0.6 points.
  const rateChanges = Array.from({ length: habits.int(1, 3) }, () => ({
    day: startDay + habits.int(60, 1095),
    step: habits.int(-60, 40) / 100 / 100,
  })).sort((a, b) => a.day - b.day);
  return {
    apyOn(day: Day): number {
      let rate = apy;
      for (const change of rateChanges) if (change.day <= day) rate = Math.max(0.001, rate + change.step);
      return rate;
    },
    movesOn(
      day: Day,
      balance: number,
    ): Array<Pick<GeneratedTransaction, 'uid' | 'amount' | 'name' | 'merchantName' | 'category'>> {
      const dayRng = rngFor(seedKey, 'savings-day', day);
      const moves: Array<
        Pick<GeneratedTransaction, 'uid' | 'amount' | 'name' | 'merchantName' | 'category'>
      > = [];
      if (dayRng.chance(depositsPerMonth / 30.44)) {
        // Mostly modest sums, now and then several times the usual (a bonus, a gift).
        const amount =
          Math.round(depositScale * (0.2 + dayRng.next() ** 2 * 2.5) * (dayRng.chance(0.08) ? 6 : 1)) * 100;
        const kind = dayRng.int(0, 2);
        moves.push({
          uid: `savings-deposit:${day}`,
          amount: -amount,
          name:
            kind === 0
              ? 'MOBILE CHECK DEPOSIT'
              : kind === 1
                ? `ZELLE FROM ${dayRng.pick(SAVINGS_SENDERS)}`
                : `ONLINE TRANSFER FROM EXT ACCT XXXXXX${dayRng.int(1000, 9999)}`,
          merchantName: null,
          category: category(kind === 2 ? 'TRANSFER_IN_ACCOUNT_TRANSFER' : 'TRANSFER_IN_DEPOSIT'),
        });
      }
      if (dayRng.chance(withdrawalsPerMonth / 30.44)) {
        const large = dayRng.chance(largeShare);
        const wanted = large
          ? Math.round(balance * (0.15 + dayRng.next() * 0.45))
          : Math.round(withdrawalScale * (0.2 + dayRng.next() ** 1.5 * 2) * 100);
        // Never below a small cushion: a bank would refuse it, and people keep something there.
        const amount = Math.min(wanted, Math.max(0, balance - 10000));
        if (amount >= 2000) {
          const external = dayRng.chance(0.5);
          moves.push({
            uid: `savings-withdrawal:${day}`,
            amount: Math.round(amount / 100) * 100,
            name: external ? `ONLINE TRANSFER TO EXT ACCT XXXXXX${dayRng.int(1000, 9999)}` : 'WITHDRAWAL',
            merchantName: null,
            category: category(external ? 'TRANSFER_OUT_ACCOUNT_TRANSFER' : 'TRANSFER_OUT_WITHDRAWAL'),
          });
        }
      }
      return moves;
    },
  };
}

function maskOf(institution: SandboxInstitution, accountKey: string): string {
  return institution.accounts.find((a) => a.key === accountKey)?.mask ?? '0000';
}

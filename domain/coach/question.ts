// Reading a money question (the offline coach): which family it belongs to, the account, payee or
// proposal it names, and the amounts, dates, months and windows in it (read by amounts-dates.ts).
// Pure: the caller gives today's date. Nothing here answers; it only says what was asked, so the
// tools can compute the figures.
import { parseAmount, parseDate, parseMonth, parseWindow } from './amounts-dates.ts';

export type Intent =
  | 'propose'
  | 'advice'
  | 'what_if_cancel'
  | 'interest_paid'
  | 'debt'
  | 'can_afford'
  | 'saved'
  | 'accounts'
  | 'goal'
  | 'subscriptions'
  | 'income'
  | 'bills'
  | 'spending'
  | 'explain_day'
  | 'lowest'
  | 'balance'
  | 'search'
  | 'unknown';

export interface ParsedQuestion {
  readonly intent: Intent;
  /** Cents, when the question names an amount. */
  readonly amount: number | null;
  /** YYYY-MM-DD, when it names a day. */
  readonly date: string | null;
  /** YYYY-MM, when it names a month ("in March", "last month"). */
  readonly month: string | null;
  /** A window in days ("this week", "next 10 days", "this month"), when it names one. */
  readonly withinDays: number | null;
  readonly repeat: 'monthly' | 'weekly' | null;
  /** A payee or word to look for ("how much at Starbucks"), what a proposed item is for, or the kind of
   * account asked about ('savings', 'credit', 'mortgage'…; 'owed' for debts, 'net_worth'). */
  readonly text: string | null;
  /** A proposal's direction: money in ("income", "refund", "paid") or out (the default). */
  readonly inflow: boolean;
  /** What spending is compared with: the month before (default), a year before, or the plan. */
  readonly compareTo: 'previous' | 'same_last_year' | 'plan';
  /** What could not be read as asked, in words for the person (a negative amount, an impossible date). */
  readonly problems: string[];
}

// ── intent ─────────────────────────────────────────────────────────────────────────────────────────

/** Words for an account, longest first; each maps to the kind the coach looks for. */
const ACCOUNT_KINDS: ReadonlyArray<readonly [RegExp, string]> = [
  [/\bmoney market\b/, 'money market'],
  [/\bstudent loans?\b/, 'student'],
  [/\bcredit cards?\b|\bcards?\b/, 'credit'],
  [/\bmortgage\b/, 'mortgage'],
  [/\bsavings?\b/, 'savings'],
  [/\bchecking\b/, 'checking'],
  [/\b401\s?\(?k\)?/, '401k'],
  [/\bira\b/, 'ira'],
  [/\bbrokerage\b/, 'brokerage'],
  [/\bretirement\b/, 'retirement'],
  [/\binvest(ments?|ed)?\b/, 'investment'],
  [/\bloans?\b/, 'loan'],
];
const ACCOUNT_WORD =
  '(savings?|checking|credit cards?|cards?|mortgage|student loans?|loans?|401\\s?\\(?k\\)?|ira|brokerage|investments?|retirement|money market|accounts?)';
/** Net worth, what is owed, or what an account holds ("how much is in my savings", "my card balance"). */
const ACCOUNTS_RE = [
  '\\bnet ?worth\\b|\\bhow much (do i|i|do we|we) owe\\b|\\bwhat do i owe\\b|\\bowe on\\b|\\b(my|total|in|much) debts?\\b|\\bpaid off\\b',
  `\\bhow much (is|'s) (left )?(in |on )?(my |the )?${ACCOUNT_WORD}\\b`,
  `\\bhow much (money )?(do i have|have i got|is there|is left) (in|on) (my|the) ${ACCOUNT_WORD}\\b`,
  `\\b(my|the) ${ACCOUNT_WORD}('s)? (account )?balances?\\b|\\bbalances? (of|on|in) (my|the) ${ACCOUNT_WORD}\\b`,
  `\\bwhat('s| is) (in )?my ${ACCOUNT_WORD}\\b|\\b(list|show) (me )?(all )?(of )?(my|our) accounts\\b`,
  '\\b(what|which) accounts (do (i|we) have|have (i|we) (got|linked|connected)|are (linked|connected))\\b',
].join('|');

/** The kind of account a balance question names: 'net_worth', 'owed', one kind, or null (every one). */
function accountKind(lower: string): string | null {
  if (/\bnet ?worth\b/.test(lower)) return 'net_worth';
  const named = ACCOUNT_KINDS.find(([re]) => re.test(lower))?.[1];
  if (named) return named;
  if (/\bowe\b|\bdebts?\b|\bpaid off\b/.test(lower)) return 'owed';
  return null;
}

const INTENTS: ReadonlyArray<readonly [Intent, RegExp]> = [
  [
    'propose',
    /^\s*(please\s+)?(add|plan|schedule|put|remind me (of|about|to pay))\b|\b(add|put) (it|this|that|a|an|\$[\d,.]+[km]?|[\d,.]+ ?(dollars|k)) .*\b(to|in|on) (my )?(plan|calendar|budget)\b/,
  ],
  // "pay off my loan early or invest": advice, declined with the figures that matter.
  [
    'advice',
    /\b(invest(ing)?|stocks?|index funds?|401 ?k|roth|crypto|the market)\b.*\b(or|vs\.?|versus|instead|rather|better)\b.*\b(pay(ing)? (it |this |them |that |my [\w ]+ )?(off|down)|debts?|loans?|mortgage|cards?)\b|\b(pay(ing)? (it |this |them |that |my [\w ]+ )?(off|down)( early| faster| first)?|debts?|loans?|mortgage)\b.*\b(or|vs\.?|versus|instead|rather|better)\b.*\b(invest(ing)?|stocks?|index funds?|save|saving|the market)\b|\bshould (i|we) (invest|pay (it |my [\w ]+ )?off early)\b/,
  ],
  // "what if i cancel netflix", "how much would i save if i ditched hulu".
  [
    'what_if_cancel',
    /\b(what if|if|when) (i|we) (cancel(l?ed)?|drop(ped)?|stop(ped)?( paying)?|ditch(ed)?|cut|quit|get rid of|got rid of|unsubscribe(d)?( from)?)\b|\bwhat if .*\b(cancel(l?ed)?|gone|ditched|dropped)\b|\b(cancel(l?ing)?|ditch(ing)?|drop(ping)?) [\w ]+ (save|help)\b|\bsave\b.*\b(by|if|from|with) (cancel(l?ing)?|ditch(ing)?|drop(ping)?|stopping|quitting|getting rid of)\b/,
  ],
  [
    'can_afford',
    /\bafford\b|\b(can|could|should) (i|we) (still )?(buy|spend|pay for|get|book|swing|manage|handle|cover|splurge|do)\b|\b(ok|okay|fine|safe|alright|all right) (to|if (i|we)) (spend|buy|pay|get|drop|splurge)\b|\b(be|is that|would that be|is it) a problem\b|\bbreak the bank\b|\b(doable|workable|realistic|manageable)\b|^(?!.*\b(when|how long|how soon)\b).*\b(can|could) (i|we) (pay|clear) (it |this |that |(my|the|our) [\w ]+ )?off\b|\bswing\b|\b(put|take|push|send|leave) (me|us) (in|into|under) the red\b|\bwhat if (i|we) (put|spend|buy|pay|save|move|stash|set aside|put aside|drop|splurge|book)\b.*\d|\bis it (ok|okay|safe) to (buy|spend)\b|\bshould i (buy|spend)\b|\benough (money |cash )?(for|to)\b|\bis there enough\b|\bif (i|we) (buy|get|spend|book|pay for|order)\b.*\d/,
  ],
  // Interest already paid or charged ("how much interest did i pay this year", "interest paid last
  // month"), not interest earned: the charges posted, beside what accrues on each loan.
  [
    'interest_paid',
    /^(?!.*\b(earn(ed|ing|s)?|made|make|get|got|received)\b).*(\binterest\b.*\b(did|have|has|paid|been charged|charged|so far|last (month|year|\d+ (days|months))|this (month|year)|in 20\d\d|ytd|year to date)\b|\b(paid|been charged|charged|paying) (in |on )?(any |much |all )?interest\b.*\b(last|this|so far|in 20\d\d|ytd)\b|\binterest (i|we)('ve| have)? paid\b|\binterest paid\b|\binterest charges?\b|\b(spent|paid|lost|wasted) (\w+ )?(on|in) interest\b|\bfinance charges?\b)|^(?!.*\b(rate|apr|earn(ed|ing|s)?|made|make|received|mortgage|loans?|car note)\b).*\binterest\b/,
  ],
  // A card's or loan's payment (not its balance), and when it is paid off at it.
  [
    'debt',
    /\b(loan|mortgage|card|car|auto|student loan|minimum)( loan)? (payment|pmt|bill|installment)s?\b|\b(mortgage|loans?|car note)\b.*\b(cost|costs|pay|payments?)\b.*\b(each|a|per|every) month\b|\b(pay|paying|owe)\b.*\bon (my|our|the) (mortgage|(student |car |auto )?loans?|credit cards?|cards?)\b.*\b(each|a|per|every) month\b|\binterest\b.*\b(mortgage|loans?|credit cards?|cards?)\b|\b(mortgage|loans?|credit cards?|cards?)\b.*\binterest\b|\b(have to|need to|got to|should) pay\b.*\bon (my|our|the) (mortgage|(student |car |auto )?loans?|credit cards?|cards?)\b|\b(pay|owe) (each|a|per|every) month (on|for) (my|the)\b|\b(when|how long|how many months)\b.*\b(paid off|pay (it |this |them |that |my [\w ]+ )?off|debt ?free|clear (it|my|the))\b|\bdebt ?free\b|\bminimum (payment |due )?(on|for) (my|the|our) (credit )?cards?\b|\b(credit )?card('s)? minimum\b|\b(done|finished|through) (paying|with)\b.*\b(mortgage|loans?|cards?|debts?)\b|\b(when|how long|how many (months|years))\b.*\b(mortgage|loans?|cards?|debts?)\b.*\b(gone|cleared|done|finished|over( with)?)\b|\b(mortgage|(student |car |auto )?loans?|car note)\b.*\b(each|a|per|every) month\b|\bmonthly (mortgage|(student |car |auto )?loan|car) (payment|bill|cost)?/,
  ],
  // Money kept over a stretch behind ("how much did i save last month"): income less spending.
  [
    'saved',
    /\bhow much (money )?(did|have|do) (i|we) ([a-z]+ ){0,3}?(save|saved|put away|set aside|put aside|keep|kept|sock(ed)? away|stash(ed)?)\b|\bhow much (am|are|r) (i|we) saving\b|\b(am|are|r) (i|we) saving\b|\b(my|our) (monthly|weekly|yearly|annual) savings\b|\bsavings (so far|this (month|year)|last (month|year)|(a|per|each|every) month)\b|\bleft ?over (at the end of )?(each|every|a|per|the) month\b|\bextra (money|cash) (do|does) (i|we) have\b|\b(did|have) (i|we) ([a-z]+ )?(save|saved)\b(?! (for|by|up for|enough for|toward))|\bhow much (have )?(i|we)('ve)? (saved|put away)\b|\b(did|have) (i|we) (save|saved) (any|anything|money)\b|\bwhat did (i|we) (save|keep)\b|\b(my|our) savings rate\b|\b(am|are) (i|we) saving (any )?money\b|\bhow much (was|is) left over\b|\b(saved|kept) (any )?(money )?(last|this) (month|year)\b|\b(did|have) (i|we) (put|move[d]?|transfer(red)?|sen[dt]) .*\b(in|into|to) (my |our |the )?savings\b/,
  ],
  ['accounts', new RegExp(ACCOUNTS_RE)],
  [
    'goal',
    /\b(save|saving|put aside|set aside)\b.*\b(by|before|until|for)\b|\bgoal\b|\bhow (long|much) .* to save\b/,
  ],
  ['subscriptions', /\bsubscri|\bstreaming\b|\bmemberships?\b|\brecurring charges?\b/],
  [
    'income',
    /\bhow much (did|have|do) (i|we) (make|made|earn|earned|bring in|brought in|get paid|take home)\b|\b(total |my |our )?(income|earnings|take home)\b.*\b(last|this|in|for|so far|per|a|year)\b|\b(money|cash|income) (came|come|coming) in\b|\bhow much came in\b|\b(been|got|gotten) paid\b|\btake ?home pay\b|\b(my|our) (pay|salary|wages|income|earnings)\b|\bnext\b.*\bdeposit\b|\bsocial security\b|\bpension\b|\b(clients?|customers?) pa(y|id) (me|us)\b|\binvoic(e|ed)\b|\bhow much (did|have) (i|we) (billed?|been paid)\b|\bdeposits? (hit|come|land)s?\b|\bwhat (do|did) (i|we) (make|earn|bring in|take home)\b|\bpay ?day\b|\bpay ?check\b|\bget paid\b|\bpaid next\b|\bnext pay\b|\bincome\b|\bsalary\b|\bwages?\b|\bdeposits? (coming|due)\b/,
  ],
  [
    'bills',
    /\bbills?\b|\bdue\b|\bupcoming (payments|charges)\b|\bhave to pay\b|\bpayments? coming\b|\bwhat('s| is) coming out\b/,
  ],
  [
    'explain_day',
    /\bwhat (happened|is happening|'s happening|is planned|'s planned)\b|\bexplain\b|\bwhat('s| is| was) on\b|\bwhy .* (on|that day)\b/,
  ],
  [
    'search',
    /\bhow much (did i|have i) (spend|spent|pay|paid) (at|on|to) \w|\btransactions? (at|from|with)\b|\bfind\b.*\b(transaction|charge|payment)s?\b/,
  ],
  ['spending', /\bspen[dt]\b|\bspending\b|\bexpenses?\b|\bwhere (did|does) (my )?money go\b|\bcategor/],
  [
    'lowest',
    /\b(drop|dip|fall|go|get|be|end up)s? (below|under|beneath)\b|\blowest\b|\blow point\b|\brun out\b|\boverdra|\bgo negative\b|\bbelow zero\b|\bminimum\b|\bhow low\b|\bdip\b|\btight\b/,
  ],
  [
    'balance',
    /\bwhat('s| is| will)? (my |our )?(cash|money|balance|account|bank account)( going to| gonna)? (look like|be)\b|\bbalance\b|\bhow much (money|cash) (do|will) (i|we)\b|\bhow much (will|would) (i|we) have\b|\bwhat (will|would) (i|we) have\b|\bin the bank\b|\bforecast\b|\bend up with\b|\bhave left\b/,
  ],
];

/** The payee a search names: "at Starbucks", "on Amazon", "to Venmo". */
function searchText(text: string): string | null {
  const m =
    /\b(?:at|on|to|from|with)\s+([a-z0-9][a-z0-9&'.\- ]{1,40}?)(?:\s+(?:in|last|this|since|during|over|so)\b|[?.!,]|$)/i.exec(
      text,
    );
  const word = m?.[1]?.trim();
  if (!word || /^(the|a|my|this|last|next)$/i.test(word) || parseDate(word, '2000-01-01').date) return null;
  return word;
}

/** What a proposed item is for: "add $50 for the gym" → "Gym"; "plan a $900 car repair" → "Car repair". */
function proposalName(text: string): string | null {
  const m =
    /\bfor (?:the |a |an |my )?([a-z][a-z' -]{1,40}?)(?:\s+(?:on|every|each|next|this|from|in|by|to|at)\b|[?.!,]|$)/i.exec(
      text,
    ) ??
    /\b(?:add|plan|schedule|put)\s+(?:a |an |my )?(?:\$?[\d,.]+[km]?\s*(?:dollars?)?\s+)?(?:for\s+)?(?:a |an |the |my )?([a-z][a-z' -]{1,40}?)(?:\s+(?:on|every|each|next|this|from|in|by|to|at|payment)\b|[?.!,]|$)/i.exec(
      text,
    );
  const name = m?.[1]?.trim();
  if (!name) return null;
  return name[0]!.toUpperCase() + name.slice(1);
}

export function parseQuestion(question: string, today: string): ParsedQuestion {
  const text = question.trim();
  const lower = text.toLowerCase();
  const problems: string[] = [];
  let amount = parseAmount(text);
  if (amount.problem) problems.push(amount.problem);
  let intent = INTENTS.find(([, re]) => re.test(lower))?.[0] ?? 'unknown';
  // "is a 250 dollar purchase on monday ok": an amount, a day ahead and "ok" ask whether it fits.
  if (
    (intent === 'unknown' || intent === 'spending') &&
    amount.cents !== null &&
    /\b(ok|okay|fine|alright|all right|safe|doable)\b/.test(lower) &&
    !/\b(did|was|were|spent|last)\b/.test(lower)
  )
    intent = 'can_afford';
  // "can i afford rent of 1800 on the 1st": in a question about affording, a plain number that is
  // not a day, a count or a year is the price.
  if (intent === 'can_afford' && amount.cents === null && !amount.problem) {
    const bare =
      /(?<![/\d]|\bthe )\b(\d{1,3}(?:,\d{3})+|\d{2,6})(\.\d{1,2})?\b(?!(?:st|nd|rd|th)\b|\s*(?:days?|weeks?|months?|years?|%|am|pm)\b|\s*\/)/.exec(
        lower,
      );
    const value = bare ? Number(bare[1]!.replace(/,/g, '')) + (bare[2] ? Number(bare[2]) : 0) : null;
    // A year is a number in 1900–2100 after a word of time ("in 2027", "by 2030"); "rent of 2000" is a price.
    const year =
      value !== null &&
      value >= 1900 &&
      value <= 2100 &&
      !bare![2] &&
      /\b(in|by|until|till|before|after|since|during|year)\s*$/.test(lower.slice(0, bare!.index));
    if (value !== null && !year) amount = { cents: Math.round(value * 100), problem: null };
  }
  // What happened, and searches, look back; plans and purchases look ahead.
  const past =
    (intent === 'explain_day' && !/\b(planned|will|coming|going to|scheduled)\b/.test(lower)) ||
    intent === 'search' ||
    intent === 'spending';
  const date = parseDate(text, today, past ? 'past' : 'future');
  if (date.problem) problems.push(date.problem);
  return {
    intent,
    amount: amount.cents,
    date: date.date,
    month: parseMonth(text, today),
    withinDays: parseWindow(text, today, past ? 'past' : 'future'),
    repeat: /\b(every|each|a|per) month\b|\bmonthly\b|\/mo(nth)?\b/.test(lower)
      ? 'monthly'
      : /\b(every|each|a|per) week\b|\bweekly\b/.test(lower)
        ? 'weekly'
        : null,
    text:
      intent === 'search'
        ? searchText(text)
        : intent === 'propose'
          ? proposalName(text)
          : intent === 'accounts'
            ? accountKind(lower)
            : null,
    inflow:
      /\b(income|refund|bonus|paid|pay ?check|deposit|reimburse|money in)\b/.test(lower) &&
      !/\bpay for\b/.test(lower),
    compareTo: /\b(a|last|same .* last|previous) year\b|\byear (before|ago)\b/.test(lower)
      ? 'same_last_year'
      : /\b(plan|budget|planned)\b/.test(lower)
        ? 'plan'
        : 'previous',
    problems,
  };
}

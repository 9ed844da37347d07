// The offline coach: reads the question (domain/coach/question.ts for its family and figures,
// lexicon.ts for what it is about in people's words, window.ts for the stretch of time), calls the
// same tools the Bedrock coach would, and writes the answer from their results only — so it runs with
// no cloud and no model, and every figure it states passes the number check. Each answer names its
// subject and window; a yes/no question is answered yes or no first. For anything it cannot read it
// says what it can answer, with suggestions.
import {
  exactCategory,
  findCategorySubject,
  findNameSubject,
  findSubject,
  namesIn,
  type CategorySubject,
  type Subject,
} from '../../../domain/coach/lexicon.ts';
import { parseQuestion } from '../../../domain/coach/question.ts';
import { asMeant } from '../../../domain/coach/typed.ts';
import { aheadWindow, pastRange } from '../../../domain/coach/window.ts';
import { PLAN_HORIZON_DAYS } from '../../../domain/money/plan.ts';
import { todayOf } from '../money/store.ts';
import { accounts } from './account-answers.ts';
import { advice, cancelWhatIf, debt } from './debt-answers.ts';
import { call, isYesNo, list, warnings, type Asked, type Turn } from './answer-turn.ts';
import { afford, balance, goal, lowest, STAY_ABOVE } from './forecast-answers.ts';
import { explain, search, spending, subjectSpend } from './history-answers.ts';
import { knownNames } from './history-tools.ts';
import { billOf, bills, income, isBillLike, propose, subscriptions } from './plan-answers.ts';
import {
  asksPerMonth,
  asksPerYear,
  asksRate,
  incomeExtreme,
  incomeOver,
  interestPaid,
  lastIncome,
  savedOver,
  spentOver,
} from './totals-answers.ts';
import type { CoachAnswer, CoachPort } from './port.ts';
import type { ToolContext } from './tool-context.ts';

export const CAPABILITIES = [
  'Can I afford $600 on the 20th?',
  "What's my lowest balance in the next 30 days?",
  'When is my next payday?',
  'What bills are due this week?',
  'What subscriptions do I have?',
  'How much did I spend last month compared to the month before?',
  'What happened on the 1st?',
  'How can I save $2,000 by June?',
];

/** Words of a question about the cash's low point against a line. */
const DIP_WORDS =
  /\b(dip|dips|under|below|drop|drops|hit|go negative|overdraft|overdrawn|run out|in the red|broke|short|less than|lower than)\b/;

/** Words of a yes/no question about staying afloat ("are we gonna be ok till payday"). */
const FINE_WORDS = /\b(ok|okay|fine|alright|all right|make it|get by)\b/;

/** Words of a question about the cash's lowest point. */
const LOW_WORDS = /\blowest\b|\blow point\b|\bhow low\b|\bbottom out\b|\bminimum balance\b/;

/** Words of a comparison or an average: with a category named, a question about money spent. */
const MEASURE_WORDS =
  /\bmore\b|\bless\b|\bthan\b|\bvs\.?\b|\bversus\b|\bcompared?\b|\busual(ly)?\b|\baverage\b|\bavg\b|\bmonthly\b|\bweekly\b|\b(a|per|each) (month|week)\b/;

/** Words of a question about money already spent, when its family is otherwise unclear. */
const SPEND_WORDS =
  /\b(spen[dt]|spending|blow|blew|blown|drop(ped)?|shell(ed)? out|go(es|ne)? on|went on|went out|go(es)? out|gone out|cost|paid|pay for|paying for|buy|bought|on)\b/;

/** Words that say money went out, whatever it went on. */
const MONEY_OUT = /\b(spen[dt]|spending|blow|blew|blown|shell(ed)? out|went out|go(es)? out|gone out)\b/;

/** A bill's cost asked in the present ("how much is car insurance", "what do we pay for internet"). */
const COSTS_NOW =
  /\bhow much (is|are|'s)\b|\bwhat('s| is| are) (my|our|the)\b|\b(do|does) (i|we|it) (pay|cost)\b|\b(am|are) (i|we) paying\b|\bcosts? (me|us)\b/;
/** Words of money already gone, which make a bill's category a question about spending. */
const PAST_WORDS = /\b(did|was|were|have|has|spent|paid|went|last|so far)\b/;

/** The stream a what-if cancels: one of the profile's names as the plan shows it, or the words after
 * the verb ("cancel my gym membership" → "gym"). */
const CANCELLED =
  /\b(?:cancel(?:l?ed|l?ing)?|drop(?:ped|ping)?|ditch(?:ed|ing)?|stop(?:ped)?(?: paying(?: for)?)?|cut|quit|get rid of|got rid of|unsubscribe(?:d)?(?: from)?)\s+(?:my |our |the )?([a-z0-9&'.+ ]+?)(?:\s+(?:subscription|membership|plan|account|bill)s?\b|[?.!,]|$|\s+(?:how|what|and|would|will|then|do|does|could|save|help))/;

async function whatIfCancel(tc: ToolContext, q: Asked, today: string, turn: Turn) {
  const subject = findSubject(q.question, await knownNames(tc));
  const name =
    subject?.kind === 'merchant' && !subject.names
      ? subject.label
      : (CANCELLED.exec(q.lower)?.[1]?.trim() ?? null);
  await cancelWhatIf(tc, q, name, today, turn);
}

/** Paydays ahead, or the income that came in (a window behind, "how much did i make", a monthly figure). */
async function incomeAnswer(tc: ToolContext, q: Asked, today: string, turn: Turn) {
  if (/\b(lowest|highest|best|worst|smallest|biggest|slowest|largest|top) months?\b/.test(q.lower)) {
    await incomeExtreme(tc, q, today, turn);
    return;
  }
  if (/\b(last|latest|most recent|previous) (pay ?check|pay ?cheque|pay|deposit|salary)\b/.test(q.lower)) {
    await lastIncome(tc, q, today, turn);
    return;
  }
  const behind =
    pastRange(q.question, today) !== null ||
    /\b(did|have) (i|we) (make|earn|get paid|bring in|take home)\b|\b(made|earned|brought in)\b/.test(
      q.lower,
    ) ||
    ((asksPerMonth(q) || asksPerYear(q)) && !/\bnext\b|\bcoming\b|\bupcoming\b|\bwhen\b/.test(q.lower));
  await (behind ? incomeOver(tc, q, today, turn) : income(tc, q, today, turn));
}

/** A month's spending by category; a year, a window of days or a monthly average as a total. */
/** What money was spent "on", when the question names a thing ("on the kids", "on my hobby"). */
const SPENT_ON =
  /\b(?:spen[dt]|spending|blow|blew|blown|drop(?:ped)?|waste[ds]?|wasted)\b.*?\bon (?:the |my |our |a |an )?([a-z][a-z' ]*?)(?=\s+(?:this|last|in|since|so|over|during|per|a|each|every|the|past|yesterday|today|compared|vs|than|from|between|before|after)\b|\s*[?.!]|\s*$)/;
/** Words after "on" that are not a thing bought. */
const NOT_A_THING = /^(average|avg|total|everything|all|things|stuff|it|that|this|me|us|them)$/;

async function spendingAnswer(tc: ToolContext, q: Asked, today: string, turn: Turn) {
  // A thing the lexicon and the profile's names do not know ("on the kids"): asked back, rather than
  // answered with everything spent.
  const thing = SPENT_ON.exec(q.lower)?.[1]?.trim();
  if (thing && !NOT_A_THING.test(thing)) {
    turn.text.push(
      `I can't tell which of your purchases “${thing}” covers. I can total a category or a place, like “How much did I spend on groceries last month?” or “at Target this year”, or everything you spent.`,
    );
    return;
  }
  const range = pastRange(q.question, today);
  const oneMonth = range && range.from.endsWith('-01') && range.from.slice(0, 7) === range.to.slice(0, 7);
  await (asksRate(q) || (range && !oneMonth)
    ? spentOver(tc, q, null, today, turn)
    : spending(tc, q, today, turn));
}

/** One clarifying question for a bill it cannot place: the bills of the next 30 days, by name only. */
async function askWhichBill(tc: ToolContext, word: string, turn: Turn) {
  const r = await call(tc, turn, 'upcoming_bills', { within_days: 30 });
  const names = [...new Set(list(r?.bills).map((b) => String(b.description)))].slice(0, 8);
  turn.text.push(
    `I think you're asking about one bill, “${word}”, but I can't tell which of yours that is.${names.length ? ` Your bills in the next 30 days: ${names.join(', ')}.` : ''} Ask me like “What's my internet bill?”`,
  );
}

/** What a bill question names ("my phone bill", "the xfinity bill"): a category, or one of the
 * profile's names written out as shown; null for bills in general. */
function billSubject(question: string, names: readonly string[]): Subject | null {
  const category = findCategorySubject(question);
  if (category) return category;
  const [only, ...more] = namesIn(question, names);
  return only && more.length === 0 ? { kind: 'merchant', label: only } : null;
}

/** "<word> bill" where the word is not a bill in general ("my bills", "the next bill"): one bill is
 * asked about. */
const ONE_BILL =
  /\b(?!(?:my|our|the|a|any|all|which|what|whats|next|upcoming|monthly|weekly|big|biggest|largest|due|of|these|those|other|each|every|first|last|this|that|pay|paying|in|on|for|to)\b)([a-z][a-z'&]+) bill\b(?!s)/;

/** Bills due; or, when the question names one ("what's my internet bill"), that bill; a category not
 * paid as a bill ("my grocery bill") is what is spent on it a month. A bill it cannot place ("my phne
 * bill") is asked back, naming the bills it knows, never answered with all of them. */
async function billsAnswer(tc: ToolContext, q: Asked, today: string, turn: Turn) {
  const names = await knownNames(tc);
  const unplaced = ONE_BILL.exec(q.lower)?.[1];
  // A misspelt payee before "bill" ("the xfinty bill") is that payee.
  const subject = billSubject(q.question, names) ?? (unplaced ? findNameSubject(unplaced, names) : null);
  if (!subject && unplaced) await askWhichBill(tc, unplaced, turn);
  else if (!subject) await bills(tc, q, today, turn);
  else if (subject.kind === 'category' && !isBillLike(subject)) await spentOver(tc, q, subject, today, turn);
  else await billOf(tc, q, subject, today, turn);
}

const HANDLERS = {
  advice,
  debt,
  what_if_cancel: whatIfCancel,
  accounts,
  propose,
  can_afford: afford,
  lowest,
  balance,
  income: incomeAnswer,
  saved: savedOver,
  interest_paid: interestPaid,
  bills: billsAnswer,
  subscriptions,
  spending: spendingAnswer,
  explain_day: explain,
  search,
  goal,
} as const;

/** The offline coach behind the coach port. */
export const localCoach: CoachPort = {
  name: 'local',
  async answer(tc: ToolContext, typed: string): Promise<CoachAnswer> {
    const today = todayOf(tc.money.deps.clock);
    const question = asMeant(typed);
    const parsed = parseQuestion(question, today);
    const ahead = aheadWindow(question, today, PLAN_HORIZON_DAYS);
    // "will i dip under $100 before payday", "lowest point before payday": a question about the low
    // point, whatever word names its window.
    // "my savings this year": what was kept over that time, not the savings account's balance.
    const kept =
      parsed.intent === 'accounts' && parsed.text === 'savings' && pastRange(question, today) !== null;
    const intent = kept
      ? 'saved'
      : ahead &&
          (DIP_WORDS.test(question.toLowerCase()) ||
            LOW_WORDS.test(question.toLowerCase()) ||
            (isYesNo(question) && FINE_WORDS.test(question.toLowerCase())) ||
            STAY_ABOVE.test(question.toLowerCase())) &&
          parsed.intent !== 'can_afford' &&
          parsed.intent !== 'debt'
        ? 'lowest'
        : parsed.intent;
    const q: Asked = {
      ...parsed,
      intent,
      question,
      lower: question.toLowerCase(),
      yesNo: isYesNo(question),
      ahead,
    };
    const turn: Turn = { calls: [], text: [], cards: [] };
    let understood: CategorySubject | null = null;
    // What a spending question is about, in the person's words: a category, or one of their merchants
    // or streams. Only past spending is totalled this way; plans and purchases ahead keep their family.
    const spendLike =
      q.intent === 'search' ||
      q.intent === 'spending' ||
      // "groceries this month vs last month", "are we eating out more than usual", "my average monthly
      // grocery bill": a category measured over time is money spent, whatever other word is there.
      ((q.intent === 'unknown' || q.intent === 'bills') &&
        findCategorySubject(question) !== null &&
        (MEASURE_WORDS.test(q.lower) || pastRange(question, today) !== null)) ||
      // "streaming last month": a past window makes it money spent, not the list of subscriptions.
      (q.intent === 'subscriptions' && pastRange(question, today) !== null) ||
      // "monthly average for streaming": an average of a category is money spent.
      (q.intent === 'subscriptions' &&
        /\baverage\b|\bavg\b|\busual(ly)?\b|\btypical(ly)?\b/.test(q.lower) &&
        exactCategory(question) !== null) ||
      // "how much is my gym membership": that bill, not every subscription. Streaming is what the list
      // of subscriptions answers.
      (q.intent === 'subscriptions' &&
        COSTS_NOW.test(q.lower) &&
        !/\bsubscriptions\b|\bstreaming\b/.test(q.lower) &&
        exactCategory(question) !== null) ||
      // "uber + lyft this month": a window behind makes an unplaced question one about money spent.
      (q.intent === 'unknown' &&
        (SPEND_WORDS.test(q.lower) || COSTS_NOW.test(q.lower) || pastRange(question, today) !== null));
    const names = spendLike ? await knownNames(tc) : [];
    const subject = q.problems.length === 0 && spendLike ? findSubject(question, names) : null;
    if (q.problems.length > 0) {
      turn.text.push(...q.problems);
    } else if (
      subject &&
      (isBillLike(subject) ||
        (subject.kind === 'merchant' && (q.intent === 'unknown' || q.intent === 'subscriptions'))) &&
      COSTS_NOW.test(q.lower) &&
      !PAST_WORDS.test(q.lower) &&
      !asksRate(q) &&
      pastRange(question, today) === null
    ) {
      // "how much is car insurance", "what do we pay for internet", "how much is netflix": that bill,
      // not 30 days of spending.
      await billOf(tc, q, subject, today, turn);
    } else if (subject) {
      await (asksRate(q)
        ? spentOver(tc, q, subject, today, turn)
        : subjectSpend(tc, q, subject, today, turn));
      const notes = turn.calls.flatMap((c) => warnings(c.result));
      if (notes.length > 0) turn.text.push(...new Set(notes));
    } else if (
      q.intent === 'unknown' &&
      !subject &&
      MONEY_OUT.test(q.lower) &&
      !findCategorySubject(question)
    ) {
      // "how much went out in march": everything spent, as a spending question.
      await spendingAnswer(tc, q, today, turn);
      const notes = turn.calls.flatMap((c) => warnings(c.result));
      if (notes.length > 0) turn.text.push(...new Set(notes));
    } else if (q.intent === 'unknown' && (understood = findCategorySubject(question))) {
      // One clarifying question that says what was understood, never a guessed figure.
      const range = pastRange(question, today);
      turn.text.push(
        `I think you're asking about ${understood.label}${range ? `, ${range.label}` : ''}. Do you want what you spent on it? Ask me like “How much did I spend on ${understood.label.toLowerCase()} ${range ? 'in that time' : 'last month'}?”`,
      );
    } else if (q.intent === 'unknown') {
      turn.text.push(
        'I can answer questions about your own money: what you can afford, your balances and net worth, your lowest balance ahead, paydays, bills, subscriptions, spending and what happened on a day. Try one of these:',
      );
    } else {
      await HANDLERS[q.intent](tc, q, today, turn);
      const notes = turn.calls.flatMap((c) => warnings(c.result));
      if (notes.length > 0) turn.text.push(...new Set(notes));
    }
    return {
      text: turn.text.join('\n'),
      tool_calls: turn.calls,
      cards: turn.cards,
      suggestions: q.intent === 'unknown' || q.problems.length > 0 ? CAPABILITIES.slice(0, 4) : [],
      usage: { input_tokens: 0, output_tokens: 0 },
    };
  },
};

// The offline coach's answers about accounts: net worth, what is owed, what one kind of account holds,
// as the banks last reported them (or the person last entered, for an account kept by hand).
import { usd } from '../../../domain/coach/verify.ts';
import { call, list, num, obj, type Asked, type Turn } from './answer-turn.ts';
import type { ToolContext } from './tool-context.ts';

interface AccountRow {
  name: string;
  mask: string | null;
  institution: string | null;
  type: string;
  subtype: string | null;
  balance: number | null;
  reads_as: 'held' | 'owed';
  manual?: boolean;
}

/** Whether an account is of the kind a question names ('savings', 'credit', 'student'…). */
function isKind(a: AccountRow, kind: string): boolean {
  const name = a.name.toLowerCase();
  const subtype = (a.subtype ?? '').toLowerCase();
  switch (kind) {
    case 'credit':
    case 'loan':
    case 'investment':
      return a.type === kind;
    case 'retirement':
      return /401|403|ira|roth|pension|retirement/.test(`${subtype} ${name}`);
    case 'savings':
      return subtype === 'savings' || /\bsaving/.test(name);
    default:
      return subtype === kind || name.includes(kind);
  }
}

/** "Plaid Saving ••1111"; "House (kept by hand)". */
const accountName = (a: AccountRow) =>
  `${a.name}${a.mask ? ` ••${a.mask}` : ''}${a.manual ? ' (kept by hand)' : ''}`;
/** Where the balances come from: the banks, and the person for accounts kept by hand. */
const balancesFrom = (rows: readonly AccountRow[]) =>
  rows.some((a) => a.manual)
    ? 'the balance its bank last reported, or you last entered for one you keep by hand'
    : 'the balance its bank last reported';
const accountLine = (a: AccountRow) =>
  `${accountName(a)}: ${a.balance === null ? 'no balance reported' : `${usd(a.balance)}${a.reads_as === 'owed' ? ' owed' : ''}`}`;

export async function accounts(tc: ToolContext, q: Asked, _today: string, turn: Turn) {
  const r = await call(tc, turn, 'get_accounts', {});
  if (!r) return;
  const rows = list(r.accounts) as unknown as AccountRow[];
  const totals = obj(r.totals) ?? {};
  if (rows.length === 0) {
    turn.text.push('No accounts are linked to this profile yet. Link one on the Link Accounts page.');
    return;
  }
  const kind = q.text;
  if (kind === 'net_worth') {
    const held = [
      num(totals.cash) ? `${usd(num(totals.cash))} in cash` : '',
      num(totals.investments) ? `${usd(num(totals.investments))} in investments` : '',
      num(totals.other) ? `${usd(num(totals.other))} in other accounts` : '',
    ].filter(Boolean);
    const owed = [
      num(totals.credit_owed) ? `${usd(num(totals.credit_owed))} owed on cards` : '',
      num(totals.loans_owed) ? `${usd(num(totals.loans_owed))} on loans` : '',
    ].filter(Boolean);
    turn.text.push(
      `Your net worth is ${usd(num(totals.net_worth))}: ${held.join(' and ') || 'nothing held'}${owed.length ? `, less ${owed.join(' and ')}` : ''}.`,
    );
    turn.text.push(`It counts every account at ${balancesFrom(rows)}.`);
    return;
  }
  if (kind === 'owed') {
    const debts = rows.filter((a) => a.reads_as === 'owed');
    if (debts.length === 0) {
      turn.text.push('None of your linked accounts is a card or a loan: you owe nothing on them.');
      return;
    }
    turn.text.push(`You owe ${usd(num(totals.owed))} across your cards and loans:`);
    turn.text.push(...debts.map((a) => `• ${accountLine(a)}`));
    return;
  }
  const matching = kind ? rows.filter((a) => isKind(a, kind)) : rows;
  if (matching.length === 0) {
    turn.text.push(`I found no ${kind} account linked to this profile. Your accounts:`);
    turn.text.push(...rows.map((a) => `• ${accountLine(a)}`));
    return;
  }
  const [only] = matching;
  if (matching.length === 1 && only) {
    const label = `${accountName(only)}${only.institution ? ` at ${only.institution}` : ''}`;
    turn.text.push(
      only.balance === null
        ? `${label} has no balance reported yet.`
        : only.reads_as === 'owed'
          ? `You owe ${usd(only.balance)} on ${label}.`
          : `${label} holds ${usd(only.balance)}.`,
    );
    turn.text.push(
      only.manual ? 'That is the balance you last entered.' : 'That is the balance the bank last reported.',
    );
    return;
  }
  turn.text.push(kind ? `Your ${kind} accounts:` : 'Your accounts, largest first:');
  turn.text.push(...matching.map((a) => `• ${accountLine(a)}`));
  if (!kind) turn.text.push(`Net worth: ${usd(num(totals.net_worth))}.`);
}

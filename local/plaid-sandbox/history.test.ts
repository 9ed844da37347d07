import { describe, expect, it } from 'vitest';
import { dayOf, parseIsoDay, weekday, ymd, daysInMonth } from './days.ts';
import { generateHistory, type GeneratedTransaction, type HistoryInput } from './history.ts';
import { findInstitution, institutions, type SandboxInstitution } from './institutions.ts';

const platypus = findInstitution('ins_109508') as SandboxInstitution;
const linkDay = parseIsoDay('2025-06-15');
const input = (seedKey: string, institution = platypus): HistoryInput => ({
  seedKey,
  institution,
  startDay: linkDay - 730,
  linkDay,
});

/** Plaid's personal finance category taxonomy (v1), the detailed codes the generator may use. */
const PLAID_DETAILED = new Set([
  'INCOME_DIVIDENDS',
  'INCOME_INTEREST_EARNED',
  'INCOME_RETIREMENT_PENSION',
  'INCOME_TAX_REFUND',
  'INCOME_UNEMPLOYMENT',
  'INCOME_WAGES',
  'INCOME_OTHER_INCOME',
  'TRANSFER_IN_CASH_ADVANCES_AND_LOANS',
  'TRANSFER_IN_DEPOSIT',
  'TRANSFER_IN_INVESTMENT_AND_RETIREMENT_FUNDS',
  'TRANSFER_IN_SAVINGS',
  'TRANSFER_IN_ACCOUNT_TRANSFER',
  'TRANSFER_IN_OTHER_TRANSFER_IN',
  'TRANSFER_OUT_INVESTMENT_AND_RETIREMENT_FUNDS',
  'TRANSFER_OUT_SAVINGS',
  'TRANSFER_OUT_WITHDRAWAL',
  'TRANSFER_OUT_ACCOUNT_TRANSFER',
  'TRANSFER_OUT_OTHER_TRANSFER_OUT',
  'LOAN_PAYMENTS_CAR_PAYMENT',
  'LOAN_PAYMENTS_CREDIT_CARD_PAYMENT',
  'LOAN_PAYMENTS_PERSONAL_LOAN_PAYMENT',
  'LOAN_PAYMENTS_MORTGAGE_PAYMENT',
  'LOAN_PAYMENTS_STUDENT_LOAN_PAYMENT',
  'LOAN_PAYMENTS_OTHER_PAYMENT',
  'BANK_FEES_ATM_FEES',
  'BANK_FEES_FOREIGN_TRANSACTION_FEES',
  'BANK_FEES_INSUFFICIENT_FUNDS',
  'BANK_FEES_INTEREST_CHARGE',
  'BANK_FEES_OVERDRAFT_FEES',
  'BANK_FEES_OTHER_BANK_FEES',
  'ENTERTAINMENT_CASINOS_AND_GAMBLING',
  'ENTERTAINMENT_MUSIC_AND_AUDIO',
  'ENTERTAINMENT_SPORTING_EVENTS_AMUSEMENT_PARKS_AND_MUSEUMS',
  'ENTERTAINMENT_TV_AND_MOVIES',
  'ENTERTAINMENT_VIDEO_GAMES',
  'ENTERTAINMENT_OTHER_ENTERTAINMENT',
  'FOOD_AND_DRINK_BEER_WINE_AND_LIQUOR',
  'FOOD_AND_DRINK_COFFEE',
  'FOOD_AND_DRINK_FAST_FOOD',
  'FOOD_AND_DRINK_GROCERIES',
  'FOOD_AND_DRINK_RESTAURANT',
  'FOOD_AND_DRINK_VENDING_MACHINES',
  'FOOD_AND_DRINK_OTHER_FOOD_AND_DRINK',
  'GENERAL_MERCHANDISE_BOOKSTORES_AND_NEWSSTANDS',
  'GENERAL_MERCHANDISE_CLOTHING_AND_ACCESSORIES',
  'GENERAL_MERCHANDISE_CONVENIENCE_STORES',
  'GENERAL_MERCHANDISE_DEPARTMENT_STORES',
  'GENERAL_MERCHANDISE_DISCOUNT_STORES',
  'GENERAL_MERCHANDISE_ELECTRONICS',
  'GENERAL_MERCHANDISE_GIFTS_AND_NOVELTIES',
  'GENERAL_MERCHANDISE_OFFICE_SUPPLIES',
  'GENERAL_MERCHANDISE_ONLINE_MARKETPLACES',
  'GENERAL_MERCHANDISE_PET_SUPPLIES',
  'GENERAL_MERCHANDISE_SPORTING_GOODS',
  'GENERAL_MERCHANDISE_SUPERSTORES',
  'GENERAL_MERCHANDISE_TOBACCO_AND_VAPE',
  'GENERAL_MERCHANDISE_OTHER_GENERAL_MERCHANDISE',
  'HOME_IMPROVEMENT_FURNITURE',
  'HOME_IMPROVEMENT_HARDWARE',
  'HOME_IMPROVEMENT_REPAIR_AND_MAINTENANCE',
  'HOME_IMPROVEMENT_SECURITY',
  'HOME_IMPROVEMENT_OTHER_HOME_IMPROVEMENT',
  'MEDICAL_DENTAL_CARE',
  'MEDICAL_EYE_CARE',
  'MEDICAL_NURSING_CARE',
  'MEDICAL_PHARMACIES_AND_SUPPLEMENTS',
  'MEDICAL_PRIMARY_CARE',
  'MEDICAL_VETERINARY_SERVICES',
  'MEDICAL_OTHER_MEDICAL',
  'PERSONAL_CARE_GYMS_AND_FITNESS_CENTERS',
  'PERSONAL_CARE_HAIR_AND_BEAUTY',
  'PERSONAL_CARE_LAUNDRY_AND_DRY_CLEANING',
  'PERSONAL_CARE_OTHER_PERSONAL_CARE',
  'GENERAL_SERVICES_ACCOUNTING_AND_FINANCIAL_PLANNING',
  'GENERAL_SERVICES_AUTOMOTIVE',
  'GENERAL_SERVICES_CHILDCARE',
  'GENERAL_SERVICES_CONSULTING_AND_LEGAL',
  'GENERAL_SERVICES_EDUCATION',
  'GENERAL_SERVICES_INSURANCE',
  'GENERAL_SERVICES_POSTAGE_AND_SHIPPING',
  'GENERAL_SERVICES_STORAGE',
  'GENERAL_SERVICES_OTHER_GENERAL_SERVICES',
  'GOVERNMENT_AND_NON_PROFIT_DONATIONS',
  'GOVERNMENT_AND_NON_PROFIT_GOVERNMENT_DEPARTMENTS_AND_AGENCIES',
  'GOVERNMENT_AND_NON_PROFIT_TAX_PAYMENT',
  'GOVERNMENT_AND_NON_PROFIT_OTHER_GOVERNMENT_AND_NON_PROFIT',
  'TRANSPORTATION_BIKES_AND_SCOOTERS',
  'TRANSPORTATION_GAS',
  'TRANSPORTATION_PARKING',
  'TRANSPORTATION_PUBLIC_TRANSIT',
  'TRANSPORTATION_TAXIS_AND_RIDE_SHARES',
  'TRANSPORTATION_TOLLS',
  'TRANSPORTATION_OTHER_TRANSPORTATION',
  'TRAVEL_FLIGHTS',
  'TRAVEL_LODGING',
  'TRAVEL_RENTAL_CARS',
  'TRAVEL_OTHER_TRAVEL',
  'RENT_AND_UTILITIES_GAS_AND_ELECTRICITY',
  'RENT_AND_UTILITIES_INTERNET_AND_CABLE',
  'RENT_AND_UTILITIES_RENT',
  'RENT_AND_UTILITIES_SEWAGE_AND_WASTE_MANAGEMENT',
  'RENT_AND_UTILITIES_TELEPHONE',
  'RENT_AND_UTILITIES_WATER',
  'RENT_AND_UTILITIES_OTHER_UTILITIES',
]);

const seeds = [
  'a|ins_109508|user_good',
  'b|ins_109508|user_good',
  'c|ins_109508|user_transactions_dynamic',
  'd',
  'e',
];
const bySeries = (transactions: GeneratedTransaction[], id: string) =>
  transactions.filter((t) => t.seriesId === id);

describe('generated history', () => {
  it('is the same for the same seed, institution and user, and differs for another user', () => {
    const first = generateHistory(input('tests|ins_109508|user_good'), linkDay);
    const again = generateHistory(input('tests|ins_109508|user_good'), linkDay);
    const other = generateHistory(input('tests|ins_109508|user_transactions_dynamic'), linkDay);
    expect(again.transactions).toEqual(first.transactions);
    expect(again.accounts).toEqual(first.accounts);
    expect(other.transactions).not.toEqual(first.transactions);
  });

  it('simulating further days never rewrites the days already simulated', () => {
    const now = generateHistory(input('tests|ins_109508|user_good'), linkDay);
    const later = generateHistory(input('tests|ins_109508|user_good'), linkDay + 45);
    const upTo = (transactions: GeneratedTransaction[]) => transactions.filter((t) => t.day <= linkDay);
    expect(upTo(later.transactions)).toEqual(upTo(now.transactions));
    expect(later.transactions.filter((t) => t.day > linkDay).length).toBeGreaterThan(40);
  });

  it('generates 24 months of 8 accounts well under a second', () => {
    const started = performance.now();
    const history = generateHistory(input('speed|ins_109508|user_good'), linkDay);
    const elapsed = performance.now() - started;
    expect(platypus.accounts).toHaveLength(8);
    expect(history.transactions.length).toBeGreaterThan(1200);
    // About 50 ms on an idle machine; the bound leaves room for a busy one.
    expect(elapsed).toBeLessThan(900);
  });

  it('uses only categories of Plaid’s taxonomy, each under its own primary', () => {
    for (const institution of institutions) {
      for (const t of generateHistory(input(`taxonomy|${institution.institution_id}`, institution), linkDay)
        .transactions) {
        expect(PLAID_DETAILED, t.category.detailed).toContain(t.category.detailed);
        expect(t.category.detailed.startsWith(`${t.category.primary}_`)).toBe(true);
      }
    }
  });

  it('follows Plaid’s sign convention: money out is positive, money in negative', () => {
    const { transactions } = generateHistory(input('signs'), linkDay);
    const of = (detailed: string) =>
      transactions.filter((t) => t.category.detailed === detailed && t.seriesId !== null);
    expect(of('INCOME_WAGES').every((t) => t.amount < 0)).toBe(true);
    expect(of('INCOME_INTEREST_EARNED').every((t) => t.amount < 0)).toBe(true);
    expect(
      transactions.filter((t) => t.category.primary === 'FOOD_AND_DRINK').every((t) => t.amount > 0),
    ).toBe(true);
    expect(
      of('BANK_FEES_INTEREST_CHARGE').every((t) => t.amount > 0 && t.name.includes('INTEREST CHARGE')),
    ).toBe(true);
  });

  it('pays the card from checking as a transfer: out of checking, into the card, same day and amount', () => {
    for (const seed of seeds) {
      const { transactions } = generateHistory(input(seed), linkDay);
      const fromChecking = bySeries(transactions, 'card-payment');
      const intoCard = bySeries(transactions, 'card-payment:counterpart');
      expect(fromChecking.length).toBeGreaterThanOrEqual(20);
      expect(intoCard.map((t) => [t.day, -t.amount])).toEqual(fromChecking.map((t) => [t.day, t.amount]));
      expect(
        fromChecking.every(
          (t) => t.accountKey === 'checking' && t.category.detailed === 'LOAN_PAYMENTS_CREDIT_CARD_PAYMENT',
        ),
      ).toBe(true);
      expect(intoCard.every((t) => t.accountKey === 'credit_card')).toBe(true);
    }
  });

  it('charges interest on the card in months a balance was carried', () => {
    const charged = seeds.map(
      (seed) => bySeries(generateHistory(input(seed), linkDay).transactions, 'card-interest').length,
    );
    expect(charged.some((count) => count > 0)).toBe(true);
  });

  it('pays salary biweekly on Fridays or semi-monthly on the 15th and last business day', () => {
    for (const seed of seeds) {
      const history = generateHistory(input(seed), linkDay);
      const paydays = bySeries(history.transactions, 'payroll').map((t) => t.day);
      const frequency = history.series.find((s) => s.id === 'payroll')?.frequency;
      if (frequency === 'BIWEEKLY') {
        expect(paydays.every((day) => weekday(day) === 5)).toBe(true);
        expect(paydays.slice(1).map((day, i) => day - (paydays[i] as number))).toEqual(
          paydays.slice(1).map(() => 14),
        );
      } else {
        expect(frequency).toBe('SEMI_MONTHLY');
        for (const day of paydays) {
          const { year, month, day: dom } = ymd(day);
          const nominal = [15, daysInMonth(year, month)];
          const shifted = nominal.some((n) => n - dom >= 0 && n - dom <= 2);
          expect(shifted, `payday ${dom}/${month}`).toBe(true);
          expect([0, 6]).not.toContain(weekday(day));
        }
      }
    }
  });

  it('has refunds: negative amounts from a merchant that was paid before', () => {
    const { transactions } = generateHistory(input('refunds'), linkDay);
    const refunds = transactions.filter((t) => t.amount < 0 && t.category.primary === 'GENERAL_MERCHANDISE');
    expect(refunds.length).toBeGreaterThan(0);
    for (const refund of refunds) {
      expect(transactions.some((t) => t.name === refund.name && t.amount > 0 && t.day < refund.day)).toBe(
        true,
      );
    }
  });

  it('gives savings a life of their own: deposits and withdrawals at no schedule, some large, never emptied', () => {
    const perSeed = ['a', 'b', 'c', 'd', 'e', 'f', 'g', 'h'].map((seed) => {
      const history = generateHistory(input(seed), linkDay);
      let balance = history.accounts.savings?.opening ?? 0;
      let low = balance;
      let largest = 0;
      const moves = history.transactions.filter((t) => t.accountKey === 'savings' && t.seriesId === null);
      for (const t of history.transactions.filter((t) => t.accountKey === 'savings')) {
        if (t.seriesId === null && t.amount > 0) largest = Math.max(largest, t.amount / balance);
        balance -= t.amount;
        low = Math.min(low, balance);
      }
      const days = moves.map((t) => t.day);
      const gaps = days.slice(1).map((d, i) => d - (days[i] ?? d));
      return {
        deposits: moves.filter((t) => t.amount < 0).length,
        withdrawals: moves.filter((t) => t.amount > 0).length,
        distinctGaps: new Set(gaps).size,
        largest,
        low,
      };
    });
    for (const s of perSeed) {
      expect(s.deposits + s.withdrawals).toBeGreaterThan(2);
      expect(s.distinctGaps).toBeGreaterThan(Math.min(3, s.deposits + s.withdrawals - 2));
      expect(s.low).toBeGreaterThanOrEqual(10_000);
    }
    expect(perSeed.some((s) => s.withdrawals > 0 && s.deposits > 0)).toBe(true);
    // Some people empty a good part of it now and then (a car, a holiday): 15 % or more at once.
    expect(perSeed.some((s) => s.largest >= 0.15)).toBe(true);
    // Habits differ from one person to the next.
    expect(new Set(perSeed.map((s) => s.deposits)).size).toBeGreaterThan(4);
  });

  it('never overdraws checking during the history, counting each transaction when it posts', () => {
    for (const seed of seeds) {
      const history = generateHistory(input(seed), linkDay);
      let balance = history.accounts.checking?.opening ?? 0;
      const posted = history.transactions
        .filter((t) => t.accountKey === 'checking' && !t.cancelled && t.day + t.postAfterDays <= linkDay)
        .sort((a, b) => a.day + a.postAfterDays - (b.day + b.postAfterDays));
      for (const t of posted) {
        balance -= t.amount;
        expect(balance).toBeGreaterThanOrEqual(0);
      }
    }
  });

  it('spans 24 months of everyday spending with pending, tipped, held and enriched transactions', () => {
    const { transactions } = generateHistory(input('variety'), linkDay);
    const months = new Set(
      transactions
        .filter((t) => t.category.detailed === 'FOOD_AND_DRINK_GROCERIES')
        .map((t) => t.day - (t.day % 30)),
    );
    expect(months.size).toBeGreaterThanOrEqual(24);
    expect(Math.min(...transactions.map((t) => t.day))).toBeLessThanOrEqual(linkDay - 725);
    expect(
      transactions.some(
        (t) => t.pendingAmount !== t.amount && t.category.detailed === 'FOOD_AND_DRINK_RESTAURANT',
      ),
    ).toBe(true);
    expect(transactions.some((t) => t.cancelled)).toBe(true);
    expect(transactions.some((t) => t.enrichAfterDays !== null)).toBe(true);
    expect(dayOf(new Date('2025-06-15T23:00:00Z'))).toBe(linkDay);
  });
});

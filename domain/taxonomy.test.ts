import { readFileSync } from 'node:fs';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  CATEGORY_ALIASES,
  CATEGORY_GROUPS,
  DEFAULT_CATEGORY,
  PLAID_PRIMARY_GROUPS,
  TAXONOMY,
  categoryForPrimary,
  findCategory,
  renderTaxonomyCsv,
  toUnderscoreForm,
} from './taxonomy.ts';

const csvPath = new URL('../web/public/data/taxonomy.csv', import.meta.url);

/** A small RFC 4180 reader, enough to read back what renderTaxonomyCsv writes. */
function parseCsv(text: string): string[][] {
  const rows: string[][] = [];
  let row: string[] = [];
  let field = '';
  let quoted = false;
  for (let i = 0; i < text.length; i++) {
    const c = text[i];
    if (quoted) {
      if (c === '"' && text[i + 1] === '"') {
        field += '"';
        i++;
      } else if (c === '"') quoted = false;
      else field += c;
    } else if (c === '"') quoted = true;
    else if (c === ',') {
      row.push(field);
      field = '';
    } else if (c === '\n') {
      row.push(field);
      rows.push(row);
      row = [];
      field = '';
    } else field += c;
  }
  return rows;
}

const plaidEntries = TAXONOMY.filter((e) => e.plaidPrimary !== 'OTHER');

describe('taxonomy (spec §3 Category taxonomy)', () => {
  it("holds Plaid's 104 detailed personal-finance categories under 16 primaries, plus the app's Other", () => {
    expect(plaidEntries).toHaveLength(104);
    expect(new Set(plaidEntries.map((e) => e.plaidPrimary)).size).toBe(16);
    expect(TAXONOMY).toHaveLength(105);
    expect(DEFAULT_CATEGORY).toMatchObject({ name: 'Other miscellaneous expenses', group: 'Other' });
  });

  it('includes the codes the product depends on', () => {
    const codes = TAXONOMY.map((e) => e.plaidDetailed);
    for (const code of [
      'INCOME_WAGES',
      'TRANSFER_IN_ACCOUNT_TRANSFER',
      'TRANSFER_OUT_ACCOUNT_TRANSFER',
      'LOAN_PAYMENTS_CREDIT_CARD_PAYMENT',
      'FOOD_AND_DRINK_GROCERIES',
      'FOOD_AND_DRINK_RESTAURANT',
      'RENT_AND_UTILITIES_RENT',
      'BANK_FEES_INTEREST_CHARGE',
      'TRANSPORTATION_GAS',
      'TRANSPORTATION_PUBLIC_TRANSIT',
      'TRANSFER_IN_CASH_ADVANCES_AND_LOANS',
    ]) {
      expect(codes).toContain(code);
    }
  });

  it("renames the detailed credit card payment category to 'Payments To A Credit Card'", () => {
    expect(findCategory('LOAN_PAYMENTS_CREDIT_CARD_PAYMENT')).toMatchObject({
      name: 'Payments To A Credit Card',
      group: 'Loan Payments',
    });
  });

  it("uses exactly the spec's groups, each primary mapping to one of them", () => {
    expect(new Set(TAXONOMY.map((e) => e.group))).toEqual(new Set(CATEGORY_GROUPS));
    for (const entry of TAXONOMY) {
      expect(entry.group).toBe(PLAID_PRIMARY_GROUPS[entry.plaidPrimary]);
      expect(entry.plaidDetailed.startsWith(`${entry.plaidPrimary}_`)).toBe(true);
    }
  });

  it('has unique detailed codes, names and underscore forms of names, and a description for each', () => {
    const unique = (values: string[]) => new Set(values).size === values.length;
    expect(unique(TAXONOMY.map((e) => e.plaidDetailed))).toBe(true);
    expect(unique(TAXONOMY.map((e) => e.name.toLowerCase()))).toBe(true);
    expect(unique(TAXONOMY.map((e) => toUnderscoreForm(e.name)))).toBe(true);
    expect(TAXONOMY.every((e) => e.description.length > 0)).toBe(true);
  });

  it('gives every primary one catch-all category', () => {
    for (const primary of Object.keys(PLAID_PRIMARY_GROUPS)) {
      expect(categoryForPrimary(primary)?.plaidPrimary).toBe(primary);
    }
    expect(categoryForPrimary('FOOD_AND_DRINK')?.name).toBe('Other Food & Drink');
    expect(categoryForPrimary('NOT_A_PRIMARY')).toBeUndefined();
  });
});

describe('taxonomy CSV (spec §3 static CSV, spec §7 served from the data folder)', () => {
  it('web/public/data/taxonomy.csv is exactly what renderTaxonomyCsv() renders', () => {
    // If this fails after a taxonomy change, regenerate the file from renderTaxonomyCsv().
    expect(readFileSync(csvPath, 'utf8')).toBe(renderTaxonomyCsv());
  });

  it('has the columns primary, detailed, description and reads back to the taxonomy', () => {
    const [header, ...rows] = parseCsv(renderTaxonomyCsv());
    expect(header).toEqual(['primary', 'detailed', 'description']);
    expect(rows).toEqual(TAXONOMY.map((e) => [e.plaidPrimary, e.plaidDetailed, e.description]));
  });

  it('quotes fields with commas or quotes', () => {
    const csv = renderTaxonomyCsv([
      { ...DEFAULT_CATEGORY, description: 'Says "hi", twice' },
      { ...DEFAULT_CATEGORY, description: 'plain' },
    ]);
    expect(csv).toBe(
      'primary,detailed,description\nOTHER,OTHER_OTHER,"Says ""hi"", twice"\nOTHER,OTHER_OTHER,plain\n',
    );
  });
});

describe('findCategory (spec §5 Category lookup by identifier)', () => {
  it('finds by detailed code, in any case', () => {
    expect(findCategory('FOOD_AND_DRINK_GROCERIES')?.name).toBe('Groceries');
    expect(findCategory('  food_and_drink_groceries ')?.name).toBe('Groceries');
  });

  it('finds by name, in any case', () => {
    expect(findCategory('Payments To A Credit Card')?.plaidDetailed).toBe(
      'LOAN_PAYMENTS_CREDIT_CARD_PAYMENT',
    );
    expect(findCategory('taxis & ride shares')?.plaidDetailed).toBe('TRANSPORTATION_TAXIS_AND_RIDE_SHARES');
  });

  it('finds by underscore forms of names, codes, primaries and groups', () => {
    expect(findCategory('payments_to_a_credit_card')?.plaidDetailed).toBe(
      'LOAN_PAYMENTS_CREDIT_CARD_PAYMENT',
    );
    expect(findCategory('Taxis and Ride Shares')?.plaidDetailed).toBe('TRANSPORTATION_TAXIS_AND_RIDE_SHARES');
    expect(findCategory('food-and-drink-groceries')?.plaidDetailed).toBe('FOOD_AND_DRINK_GROCERIES');
    expect(findCategory('FOOD_AND_DRINK')?.plaidDetailed).toBe('FOOD_AND_DRINK_OTHER_FOOD_AND_DRINK');
    expect(findCategory('Government & Non-Profit')?.plaidDetailed).toBe(
      'GOVERNMENT_AND_NON_PROFIT_OTHER_GOVERNMENT_AND_NON_PROFIT',
    );
  });

  it('alias loans_and_cash_advances → cash advances and loans', () => {
    expect(findCategory('loans_and_cash_advances')?.plaidDetailed).toBe(
      'TRANSFER_IN_CASH_ADVANCES_AND_LOANS',
    );
    expect(findCategory('Loans and Cash Advances')?.plaidDetailed).toBe(
      'TRANSFER_IN_CASH_ADVANCES_AND_LOANS',
    );
  });

  it('alias loan_payments → the loan payments catch-all', () => {
    expect(findCategory('loan_payments')?.plaidDetailed).toBe('LOAN_PAYMENTS_OTHER_PAYMENT');
  });

  it('alias credit_card_payment → Payments To A Credit Card', () => {
    expect(findCategory('credit_card_payment')?.name).toBe('Payments To A Credit Card');
    expect(findCategory('Credit Card Payment')?.name).toBe('Payments To A Credit Card');
  });

  it('alias public_transportation → public transit', () => {
    expect(findCategory('public_transportation')?.plaidDetailed).toBe('TRANSPORTATION_PUBLIC_TRANSIT');
  });

  it('every alias points at a real category', () => {
    for (const target of Object.values(CATEGORY_ALIASES)) expect(findCategory(target)).toBeDefined();
  });

  it('falls back to a partial match on name or code', () => {
    expect(findCategory('grocer')?.plaidDetailed).toBe('FOOD_AND_DRINK_GROCERIES');
    expect(findCategory('ride share')?.plaidDetailed).toBe('TRANSPORTATION_TAXIS_AND_RIDE_SHARES');
    expect(findCategory('GAMBLING')?.plaidDetailed).toBe('ENTERTAINMENT_CASINOS_AND_GAMBLING');
  });

  it('resolves nothing from a fragment that spans groups, is too short, or is empty', () => {
    expect(findCategory('transfer')).toBeUndefined();
    expect(findCategory('interest')).toBeUndefined();
    expect(findCategory('in')).toBeUndefined();
    expect(findCategory('')).toBeUndefined();
    expect(findCategory(null)).toBeUndefined();
    expect(findCategory(undefined)).toBeUndefined();
    expect(findCategory('no such category anywhere')).toBeUndefined();
  });

  it('property: every entry is found by its code, its name and its name in underscore form', () => {
    fc.assert(
      fc.property(fc.constantFrom(...TAXONOMY), (entry) => {
        expect(findCategory(entry.plaidDetailed)).toBe(entry);
        expect(findCategory(entry.name)).toBe(entry);
        expect(findCategory(toUnderscoreForm(entry.name).toLowerCase())).toBe(entry);
      }),
    );
  });

  it('property: any string either resolves to a taxonomy entry or to nothing, without throwing', () => {
    fc.assert(
      fc.property(fc.string(), (s) => {
        const found = findCategory(s);
        expect(found === undefined || TAXONOMY.includes(found)).toBe(true);
      }),
    );
  });
});

import { describe, expect, it } from 'vitest';
import { displayName, normalizeMerchant, payeeName } from './merchant.ts';

describe('normalizeMerchant', () => {
  it.each([
    ['NETFLIX.COM 866-579-7172 CA 03/14', 'netflix'],
    ['Netflix.com', 'netflix'],
    ['SQ *BLUE BOTTLE COFFEE #123', 'blue bottle coffee'],
    ['TST* In-N-Out Burger 123', 'in n out burger'],
    ['ORIG CO NAME:ACME CORP ORIG ID:1234567 DESC DATE:240301 CO ENTRY DESCR:PAYROLL SEC:PPD', 'acme corp'],
    ['PURCHASE AUTHORIZED ON 03/12 SHELL OIL 57442 HOUSTON TX CARD 1234', 'shell oil houston'],
    ['PAYPAL *SPOTIFY', 'spotify'],
    ['APPLE.COM/BILL 866-712-7753 CA', 'apple'],
    ['AMZN Mktp US*2K4JH1', 'amazon marketplace'],
    ['PAYROLL ACME INC PPD ID: 9876543', 'payroll acme inc'],
    ['ONLINE TRANSFER TO SAVINGS XXXXXX1234 REF #IB0ABC123', 'to savings'],
    // Boilerplate would leave only "to": the description without digits names it better.
    ['ONLINE PAYMENT TO CARD XXXXXX3333', 'online payment to card'],
  ])('%s → %s', (raw, key) => {
    expect(normalizeMerchant(raw)).toBe(key);
  });

  it('gives every charge of one payee the same key despite store numbers, dates and references', () => {
    const keys = new Set(
      ['CITY POWER CO 03/01 REF 88231', 'City Power Co. 04/01 REF 99120', 'CITY POWER CO #7 05/02'].map(
        normalizeMerchant,
      ),
    );
    // "CO" also reads as Colorado and is dropped, the same way for every charge.
    expect([...keys]).toEqual(['city power']);
  });

  it('keeps something for a name made only of numbers', () => {
    expect(normalizeMerchant('12345')).toBe('12345');
  });
});

describe('payeeName', () => {
  it("prefers Plaid's merchant name over the bank's description", () => {
    expect(payeeName({ name: 'POS 1234 NFLX', merchant_name: 'Netflix' })).toBe('Netflix');
    expect(payeeName({ name: 'POS 1234 NFLX', merchant_name: ' ' })).toBe('POS 1234 NFLX');
    expect(payeeName({ name: 'POS 1234 NFLX', merchant_name: null })).toBe('POS 1234 NFLX');
  });
});

describe('displayName', () => {
  it("prefers Plaid's merchant name", () => {
    expect(displayName({ name: 'NETFLIX.COM 866-579-7172 CA', merchant_name: 'Netflix' })).toBe('Netflix');
  });

  it('turns a bank string into words a person writes, keeping a short mask', () => {
    expect(displayName({ name: 'FIRST PLATYPUS BANK MORTGAGE PMT' })).toBe(
      'First Platypus Bank Mortgage Payment',
    );
    expect(displayName({ name: 'ONLINE TRANSFER TO SAV XXXXXX1111' })).toBe(
      'Online Transfer to Savings ••1111',
    );
    expect(displayName({ name: 'PAYMENT RECEIVED - THANK YOU', merchant_name: null })).toBe(
      'Payment Received - Thank You',
    );
    expect(displayName({ name: 'SQ *BLUE BOTTLE COFFEE 11/14' })).toBe('Blue Bottle Coffee');
    expect(displayName({ name: "McDonald's F1234" })).toBe("McDonald's F1234");
    expect(displayName({ name: 'ACME CORP PAYROLL PPD ID: 9876543210' })).toBe('Acme Corp Payroll');
  });

  it('never returns an empty name', () => {
    expect(displayName({ name: '12345678' })).toBe('12345678');
  });
});

import { describe, expect, it } from 'vitest';
import { dollarsText, parseDollars } from './money-input.ts';

describe('parseDollars', () => {
  it('reads typed dollars as cents', () => {
    expect(parseDollars('12')).toBe(1200);
    expect(parseDollars('$1,234.5')).toBe(123450);
    expect(parseDollars('0.07')).toBe(7);
  });
  it('refuses zero, signs, too many decimals and text', () => {
    expect(parseDollars('0')).toBeNull();
    expect(parseDollars('-5')).toBeNull();
    expect(parseDollars('1.234')).toBeNull();
    expect(parseDollars('abc')).toBeNull();
    expect(parseDollars('')).toBeNull();
  });
  it('accepts zero only when asked (a $0 threshold means below zero)', () => {
    expect(parseDollars('0', { allowZero: true })).toBe(0);
    expect(parseDollars('0.00', { allowZero: true })).toBe(0);
    expect(parseDollars('-1', { allowZero: true })).toBeNull();
  });
  it('shows cents as dollars for a field', () => {
    expect(dollarsText(12345)).toBe('123.45');
    expect(dollarsText(-500)).toBe('5.00');
  });
});

// The sandbox's records in Plaid's response shapes, typed with the plaid package's own types.
import {
  CounterpartyType,
  Products,
  TransactionPaymentChannelEnum,
  TransactionTransactionTypeEnum,
  ItemUpdateTypeEnum,
  ItemWithConsentFieldsUpdateTypeEnum,
  type AccountBase,
  type Item,
  type ItemWithConsentFields,
  type Location,
  type Transaction,
  type TransactionCounterparty,
} from 'plaid';
import { isoDay } from './days.ts';
import type { Channel } from './history.ts';
import { institutionProducts, type AccountTemplate } from './institutions.ts';
import type { AccountBalance, LedgerTransaction } from './ledger.ts';
import { idFor } from './random.ts';
import type { SandboxItem } from './state.ts';

export const dollars = (cents: number): number => Math.round(cents) / 100;

const allProducts = Object.values(Products) as string[];
export const asProducts = (values: readonly string[]): Products[] =>
  values.filter((value): value is Products => allProducts.includes(value));

export function accountBody(
  item: SandboxItem,
  template: AccountTemplate,
  balance: AccountBalance | undefined,
  lastUpdated: string | null,
): AccountBase {
  const figures = item.ledger.generated.accounts[template.key];
  const current = (balance?.current ?? 0) + (item.record.balance_skew?.[template.key] ?? 0);
  const pending = balance?.pending ?? 0;
  const limit = figures?.limit ?? null;
  let available: number | null = null;
  if (template.type === 'depository') available = current - pending;
  else if (template.type === 'credit' && limit !== null) available = limit - current - pending;
  return {
    account_id: item.accountId(template.key),
    balances: {
      available: available === null ? null : dollars(available),
      current: dollars(current),
      limit: limit === null ? null : dollars(limit),
      iso_currency_code: 'USD',
      unofficial_currency_code: null,
      ...(lastUpdated ? { last_updated_datetime: lastUpdated } : {}),
    },
    mask: template.mask,
    name: template.name,
    official_name: template.officialName,
    type: template.type,
    subtype: template.subtype,
  } satisfies AccountBase;
}

export function accountsBody(item: SandboxItem, day: number, lastUpdated: string | null, only?: Set<string>) {
  const balances = item.ledger.balances(day);
  return item.accounts
    .filter((template) => !only || only.has(template.key))
    .map((template) => accountBody(item, template, balances.get(template.key), lastUpdated));
}

function billed(item: SandboxItem): Products[] {
  return asProducts(item.record.products.length > 0 ? item.record.products : [Products.Transactions]);
}

export function itemBody(item: SandboxItem): Item {
  const billedProducts = billed(item);
  return {
    item_id: item.record.item_id,
    institution_id: item.institution.institution_id,
    institution_name: item.institution.name,
    webhook: item.record.webhook,
    auth_method: null,
    error: item.record.error,
    available_products: institutionProducts.filter((product) => !billedProducts.includes(product)),
    billed_products: billedProducts,
    products: billedProducts,
    consented_products: asProducts(item.record.consented_products ?? item.record.products),
    consent_expiration_time: item.record.consent_expiration_time,
    update_type: ItemUpdateTypeEnum.Background,
  } satisfies Item;
}

export function itemWithConsentBody(item: SandboxItem): ItemWithConsentFields {
  return {
    ...itemBody(item),
    update_type: ItemWithConsentFieldsUpdateTypeEnum.Background,
    created_at: item.record.created_at,
  } satisfies ItemWithConsentFields;
}

const CHANNELS: Record<Channel, TransactionPaymentChannelEnum> = {
  online: TransactionPaymentChannelEnum.Online,
  'in store': TransactionPaymentChannelEnum.InStore,
  other: TransactionPaymentChannelEnum.Other,
};
const TYPES: Record<Channel, TransactionTransactionTypeEnum> = {
  online: TransactionTransactionTypeEnum.Digital,
  'in store': TransactionTransactionTypeEnum.Place,
  other: TransactionTransactionTypeEnum.Special,
};

const noLocation: Location = {
  address: null,
  city: null,
  region: null,
  postal_code: null,
  country: null,
  lat: null,
  lon: null,
  store_number: null,
};

export function transactionBody(
  item: SandboxItem,
  transaction: LedgerTransaction,
  includeOriginalDescription: boolean,
): Transaction {
  const generated = transaction.generated;
  const recognised = transaction.recognised;
  const merchantName = recognised ? generated.merchantName : null;
  const home = item.ledger.generated.homeCity;
  const counterparties: TransactionCounterparty[] = merchantName
    ? [
        {
          name: merchantName,
          entity_id: idFor('merchant', merchantName),
          type:
            generated.category.primary === 'INCOME'
              ? CounterpartyType.IncomeSource
              : merchantName === 'Venmo'
                ? CounterpartyType.PaymentApp
                : CounterpartyType.Merchant,
          website: generated.website,
          logo_url: null,
          confidence_level: 'VERY_HIGH',
        },
      ]
    : [];
  return {
    account_id: item.accountId(generated.accountKey),
    account_owner: null,
    amount: dollars(transaction.amount),
    iso_currency_code: 'USD',
    unofficial_currency_code: null,
    category: null,
    category_id: null,
    check_number: null,
    counterparties,
    date: isoDay(transaction.pending ? generated.day : generated.day + generated.postAfterDays),
    datetime: null,
    authorized_date: isoDay(generated.day),
    authorized_datetime: null,
    location: generated.inStore
      ? { ...noLocation, city: home.city, region: home.region, postal_code: home.postal_code, country: 'US' }
      : noLocation,
    name: generated.name,
    merchant_name: merchantName,
    merchant_entity_id: merchantName ? idFor('merchant', merchantName) : null,
    logo_url: null,
    website: recognised ? generated.website : null,
    original_description: includeOriginalDescription ? generated.name : null,
    payment_channel: CHANNELS[generated.channel],
    payment_meta: {
      reference_number: null,
      ppd_id: null,
      payee: null,
      by_order_of: null,
      payer: null,
      payment_method: null,
      payment_processor: null,
      reason: null,
    },
    pending: transaction.pending,
    pending_transaction_id: transaction.pendingTransactionId,
    personal_finance_category: {
      primary: generated.category.primary,
      detailed: generated.category.detailed,
      confidence_level: recognised ? generated.category.confidence : 'LOW',
    },
    // Plaid's icon for the primary category (an icon per primary, served by Plaid's CDN).
    personal_finance_category_icon_url: `https://plaid-category-icons.plaid.com/PFC_${generated.category.primary}.png`,
    transaction_code: null,
    transaction_id: transaction.id,
    transaction_type: TYPES[generated.channel],
  } satisfies Transaction;
}

// The sandbox's memory: items (with their ledgers), link and public tokens, the clock, webhook keys
// and injected faults. Items, the clock and webhook keys survive restarts when a data file is given.
import { existsSync, mkdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { dirname } from 'node:path';
import type {
  LinkEvent,
  LinkSessionExit,
  LinkSessionSuccessMetadata,
  LinkSessionSuccessMetadataAccount,
  LinkSessionSuccessMetadataInstitution,
  PlaidError,
} from 'plaid';
import { dayOf, type Day } from './days.ts';
import { errors, errorsByCode, itemErrorObject, PlaidApiError } from './errors.ts';
import { findInstitution, type AccountTemplate, type SandboxInstitution } from './institutions.ts';
import { Ledger, type ExtensionSummary } from './ledger.ts';
import { idFor, randomId, randomUuid } from './random.ts';
import { WebhookKeys, WebhookSender, type StoredWebhookKey } from './webhooks.ts';

/** Days of history the bank keeps: 24 months, Plaid's days_requested maximum. */
export const HISTORY_DAYS = 730;
/** Plaid's default for `transactions.days_requested`. */
export const DEFAULT_DAYS_REQUESTED = 90;

export interface ItemRecord {
  item_id: string;
  access_token: string;
  institution_id: string;
  username: string;
  /** seed + institution + username: the history's only source of randomness. */
  seed_key: string;
  link_day: Day;
  days_requested: number;
  /** The days the item's ledger was advanced to after linking, in order (rebuilds the change log). */
  checkpoints: Day[];
  account_keys: string[];
  webhook: string | null;
  error: PlaidError | null;
  products: string[];
  /**
   * What the user agreed to share in Link (the link token's products, required-if-supported, optional
   * and additional consented products; more through update mode). Absent in older data files: then
   * `products`.
   */
  consented_products?: string[];
  /**
   * The first extraction (Plaid's two-step first sync): false until the recent transactions are ready
   * (INITIAL_UPDATE_COMPLETE), then until the whole history is (HISTORICAL_UPDATE_COMPLETE). Absent:
   * complete.
   */
  initial_update_complete?: boolean;
  historical_update_complete?: boolean;
  /** The first day the initial update shows (Plaid's initial update covers about 30 days). */
  initial_window_start?: Day;
  created_at: string;
  consent_expiration_time: string | null;
  last_webhook: { sent_at: string; code_sent: string } | null;
  last_successful_update: string | null;
  last_failed_update: string | null;
  /** Change-log position announced by the last SYNC_UPDATES_AVAILABLE. */
  notified_head: number;
  exchanged: boolean;
  /**
   * Cents added to an account's reported current balance by /sandbox/accounts/balance/skew: a
   * balance the bank moved without a transaction (absent in data files written before it existed).
   */
  balance_skew?: Record<string, number>;
}

/** Account ids derive from the item, so Link can show them before the item exists. */
export const accountIdFor = (itemId: string, accountKey: string): string =>
  idFor(itemId, accountKey, 'account');

export class SandboxItem {
  readonly institution: SandboxInstitution;
  readonly ledger: Ledger;
  /** Set by /sandbox/transactions/mutate_during_pagination. */
  mutateOnNextPage = false;

  constructor(readonly record: ItemRecord) {
    const institution = findInstitution(record.institution_id);
    if (!institution) throw new Error(`unknown institution ${record.institution_id}`);
    this.institution = institution;
    this.ledger = new Ledger(
      record.item_id,
      {
        seedKey: record.seed_key,
        institution,
        startDay: record.link_day - HISTORY_DAYS,
        linkDay: record.link_day,
      },
      record.link_day - record.days_requested,
    );
    for (const day of record.checkpoints) this.ledger.extendTo(day);
  }

  get accounts(): AccountTemplate[] {
    return this.institution.accounts.filter((account) => this.record.account_keys.includes(account.key));
  }

  /** Whether the user consented to share this product (Plaid's consented_products). */
  consentedTo(product: string): boolean {
    return (this.record.consented_products ?? this.record.products).includes(product);
  }

  accountId(accountKey: string): string {
    return accountIdFor(this.record.item_id, accountKey);
  }

  accountKeyOf(accountId: string): string | undefined {
    return this.accounts.find((account) => this.accountId(account.key) === accountId)?.key;
  }
}

export interface LinkTokenRecord {
  link_token: string;
  created_at: Date;
  expiration: Date;
  client_name: string;
  language: string;
  country_codes: string[];
  products: string[];
  /** Every product the user is asked to consent to in this Link session. */
  consented_products: string[];
  webhook: string | null;
  redirect_uri: string | null;
  days_requested: number;
  /** Update mode: the item being repaired. */
  access_token: string | null;
  account_selection_enabled: boolean;
  account_filters: Record<string, { account_subtypes?: string[] }> | null;
  hosted: { id: string; completion_redirect_uri: string | null } | null;
  sessions: LinkSession[];
}

export interface LinkSession {
  link_session_id: string;
  started_at: Date;
  finished_at: Date | null;
  institution_id: string | null;
  /** Set once the credentials were accepted. */
  login: { username: string; loginRequiredAfterLink: boolean } | null;
  /** An OAuth bank's login in progress: where its page sends the user back (null: a popup). */
  oauth: { state_id: string; return_url: string | null } | null;
  /** The item the session links (its ids are shown before it exists), or repairs in update mode. */
  item_id: string;
  events: LinkEvent[];
  success: {
    public_token: string;
    metadata: LinkSessionSuccessMetadata;
    accounts: LinkSessionSuccessMetadataAccount[];
    institution: LinkSessionSuccessMetadataInstitution;
  } | null;
  exit: LinkSessionExit | null;
}

interface PublicTokenRecord {
  item_id: string;
  expires: Date;
  used: boolean;
}

interface Fault {
  endpoint: string;
  access_token: string | null;
  error_code: string;
  remaining: number;
}

interface DataFile {
  version: 1;
  clock_offset_days: number;
  webhook_keys: StoredWebhookKey[];
  items: ItemRecord[];
  removed_access_tokens: string[];
}

export interface StateOptions {
  seed: string;
  now: () => Date;
  dataFile: string | null;
  webhookUrl: string | null;
  log: (line: string) => void;
  /** Wall-clock delays of the first extraction after the exchange; both 0: ready at once. */
  firstSync: FirstSyncDelays;
}

export interface FirstSyncDelays {
  /** Until the recent transactions are ready (before that /transactions/sync says NOT_READY). */
  initialMs: number;
  /** Until the whole history is ready (counted from the exchange, not from the initial update). */
  historicalMs: number;
}

/** A test login whose first extraction stops after the initial update until told to go on. */
export const HISTORY_HELD_USER = 'user_history_held';

/** Plaid's initial update holds about the last 30 days; the rest follows with the historical one. */
export const INITIAL_UPDATE_DAYS = 30;

export class SandboxState {
  readonly items = new Map<string, SandboxItem>();
  readonly removedAccessTokens = new Set<string>();
  readonly linkTokens = new Map<string, LinkTokenRecord>();
  readonly hostedLinks = new Map<string, string>();
  /** OAuth state ids → the link token whose session started the bank's login. */
  readonly oauthStates = new Map<string, string>();
  readonly publicTokens = new Map<string, PublicTokenRecord>();
  readonly keys: WebhookKeys;
  readonly webhooks: WebhookSender;
  private readonly faults: Fault[] = [];
  private readonly timers = new Set<NodeJS.Timeout>();
  private clockOffsetDays = 0;

  constructor(private readonly options: StateOptions) {
    const saved = options.dataFile && existsSync(options.dataFile) ? readData(options.dataFile) : null;
    this.keys = new WebhookKeys(saved?.webhook_keys ?? []);
    this.webhooks = new WebhookSender(this.keys, options.log);
    if (saved) {
      this.clockOffsetDays = saved.clock_offset_days;
      for (const token of saved.removed_access_tokens) this.removedAccessTokens.add(token);
      for (const record of saved.items) {
        // A first extraction cut short by a restart finishes at once.
        record.initial_update_complete = true;
        record.historical_update_complete = true;
        this.items.set(record.access_token, new SandboxItem(record));
      }
    }
    this.persist();
  }

  // -- the clock ------------------------------------------------------------------------------

  now(): Date {
    return new Date(this.options.now().getTime() + this.clockOffsetDays * 86_400_000);
  }

  today(): Day {
    return dayOf(this.now());
  }

  /** Moves the sandbox's clock forward; every item's bank activity of those days appears. */
  advanceDays(days: number): Array<{ item_id: string } & ExtensionSummary> {
    this.clockOffsetDays += days;
    const summaries = [...this.items.values()].map((item) => ({
      item_id: item.record.item_id,
      ...this.catchUp(item),
    }));
    this.persist();
    return summaries;
  }

  /** Brings an item's ledger up to today and announces new activity with SYNC_UPDATES_AVAILABLE. */
  catchUp(item: SandboxItem): ExtensionSummary {
    const today = this.today();
    if (today <= item.ledger.through) return { added: 0, modified: 0, removed: 0 };
    const summary = item.ledger.extendTo(today);
    item.record.checkpoints.push(today);
    // While the login is broken Plaid cannot reach the bank: the news waits for the repair.
    if (item.record.error) item.record.last_failed_update = this.now().toISOString();
    else {
      item.record.last_successful_update = this.now().toISOString();
      this.notifySyncUpdates(item);
    }
    this.persist();
    return summary;
  }

  /** SYNC_UPDATES_AVAILABLE, if the item's log moved since the last announcement. */
  notifySyncUpdates(item: SandboxItem, force = false): boolean {
    if (!force && item.ledger.head === item.record.notified_head) return false;
    if (!item.record.exchanged || item.record.initial_update_complete === false) return false;
    item.record.notified_head = item.ledger.head;
    return this.sendWebhook(item, {
      webhook_type: 'TRANSACTIONS',
      webhook_code: 'SYNC_UPDATES_AVAILABLE',
      item_id: item.record.item_id,
      initial_update_complete: true,
      historical_update_complete: item.record.historical_update_complete !== false,
      environment: 'sandbox',
    });
  }

  /**
   * Plaid's first extraction after the exchange: nothing (NOT_READY), then the recent transactions
   * with SYNC_UPDATES_AVAILABLE (initial_update_complete), then the whole history with a second one
   * (historical_update_complete). With no delays both are ready at once and one webhook says so.
   */
  private startFirstExtraction(item: SandboxItem): void {
    const { initialMs, historicalMs } = this.options.firstSync;
    // This login's history waits for /sandbox/transactions/complete_history (tests of the middle step).
    const held = item.record.username === HISTORY_HELD_USER;
    if (!held && initialMs <= 0 && historicalMs <= 0) {
      this.notifySyncUpdates(item, true);
      return;
    }
    item.record.initial_update_complete = false;
    item.record.historical_update_complete = false;
    item.record.initial_window_start = this.today() - INITIAL_UPDATE_DAYS;
    this.persist();
    const later = (ms: number, step: () => void) => {
      const timer = setTimeout(() => {
        this.timers.delete(timer);
        // An item removed meanwhile is not announced.
        if (this.items.get(item.record.access_token) === item) step();
      }, ms);
      this.timers.add(timer);
    };
    later(Math.max(0, initialMs), () => {
      item.record.initial_update_complete = true;
      this.persist();
      this.notifySyncUpdates(item, true);
    });
    if (!held) later(Math.max(initialMs, historicalMs), () => this.completeHistory(item));
  }

  /** The historical update: the whole history is in, announced by SYNC_UPDATES_AVAILABLE. */
  completeHistory(item: SandboxItem): void {
    if (item.record.historical_update_complete !== false) return;
    item.record.initial_update_complete = true;
    item.record.historical_update_complete = true;
    this.persist();
    this.notifySyncUpdates(item, true);
  }

  /** Stops the first-extraction timers (the sandbox is closing). */
  stopTimers(): void {
    for (const timer of this.timers) clearTimeout(timer);
    this.timers.clear();
  }

  // -- items ----------------------------------------------------------------------------------

  createItem(input: {
    institution: SandboxInstitution;
    username: string;
    accountKeys: string[];
    webhook: string | null;
    daysRequested: number;
    products: string[];
    consentedProducts: string[];
    loginRequiredAfterLink: boolean;
    itemId?: string;
  }): SandboxItem {
    const item = new SandboxItem({
      item_id: input.itemId ?? randomId(),
      access_token: `access-sandbox-${randomUuid()}`,
      institution_id: input.institution.institution_id,
      username: input.username,
      seed_key: [this.options.seed, input.institution.institution_id, input.username].join('|'),
      link_day: this.today(),
      days_requested: input.daysRequested,
      checkpoints: [],
      account_keys: input.accountKeys,
      webhook: input.webhook ?? this.options.webhookUrl,
      error: input.loginRequiredAfterLink ? itemErrorObject(errors.itemLoginRequired()) : null,
      products: input.products,
      consented_products: [...new Set([...input.products, ...input.consentedProducts])],
      created_at: this.now().toISOString(),
      consent_expiration_time: null,
      last_webhook: null,
      last_successful_update: this.now().toISOString(),
      last_failed_update: null,
      notified_head: 0,
      exchanged: false,
    });
    this.items.set(item.record.access_token, item);
    this.persist();
    return item;
  }

  /** The item behind an access token, caught up to today. */
  item(accessToken: string): SandboxItem {
    const item = this.items.get(accessToken);
    if (!item) {
      if (this.removedAccessTokens.has(accessToken)) throw errors.itemNotFound();
      throw errors.invalidAccessToken();
    }
    this.catchUp(item);
    return item;
  }

  itemById(itemId: string): SandboxItem | undefined {
    return [...this.items.values()].find((item) => item.record.item_id === itemId);
  }

  /** Data endpoints refuse while the item needs the user (ITEM_LOGIN_REQUIRED and the like). */
  assertHealthy(item: SandboxItem): void {
    const error = item.record.error;
    if (!error) return;
    const { status, ...body } = error;
    throw new PlaidApiError(status ?? 400, body);
  }

  setItemError(item: SandboxItem, error: PlaidApiError | null): void {
    item.record.error = error ? itemErrorObject(error) : null;
    this.persist();
  }

  removeItem(item: SandboxItem): void {
    this.items.delete(item.record.access_token);
    this.removedAccessTokens.add(item.record.access_token);
    for (const [token, record] of this.publicTokens)
      if (record.item_id === item.record.item_id) this.publicTokens.delete(token);
    this.persist();
  }

  createPublicToken(item: SandboxItem): string {
    const token = `public-sandbox-${randomUuid()}`;
    this.publicTokens.set(token, {
      item_id: item.record.item_id,
      expires: new Date(this.now().getTime() + 30 * 60_000),
      used: false,
    });
    return token;
  }

  exchangePublicToken(publicToken: string): SandboxItem {
    const record = this.publicTokens.get(publicToken);
    if (!record || record.used) throw errors.invalidPublicToken();
    if (record.expires.getTime() <= this.now().getTime()) throw errors.expiredPublicToken();
    const item = this.itemById(record.item_id);
    if (!item) throw errors.invalidPublicToken();
    record.used = true;
    if (!item.record.exchanged) {
      item.record.exchanged = true;
      this.persist();
      if (item.record.error) this.sendItemError(item);
      else this.startFirstExtraction(item);
    }
    return item;
  }

  // -- webhooks -------------------------------------------------------------------------------

  /** Sends a webhook to the item's URL; false when the item has none. */
  sendWebhook(item: SandboxItem, payload: { webhook_code: string } & Record<string, unknown>): boolean {
    const url = item.record.webhook;
    if (!url) return false;
    item.record.last_webhook = { sent_at: this.now().toISOString(), code_sent: payload.webhook_code };
    this.webhooks.send(url, payload);
    return true;
  }

  sendItemError(item: SandboxItem): boolean {
    return this.sendWebhook(item, {
      webhook_type: 'ITEM',
      webhook_code: 'ERROR',
      item_id: item.record.item_id,
      error: item.record.error,
      environment: 'sandbox',
    });
  }

  /** Sets (0 clears) the cents the account's current balance is off from its transactions. */
  skewBalance(item: SandboxItem, accountKey: string, cents: number): void {
    const skew = { ...item.record.balance_skew };
    if (cents === 0) delete skew[accountKey];
    else skew[accountKey] = cents;
    item.record.balance_skew = skew;
    this.persist();
  }

  // -- faults ---------------------------------------------------------------------------------

  injectFault(fault: Fault): void {
    if (!errorsByCode[fault.error_code])
      throw errors.invalidField(`unsupported error_code ${fault.error_code}`);
    this.faults.push(fault);
  }

  /** Throws the next injected fault for this endpoint (and item), if any. */
  takeFault(endpoint: string, accessToken: string | null): void {
    const fault = this.faults.find(
      (f) => f.endpoint === endpoint && (f.access_token === null || f.access_token === accessToken),
    );
    if (!fault) return;
    fault.remaining -= 1;
    if (fault.remaining <= 0) this.faults.splice(this.faults.indexOf(fault), 1);
    const error = errorsByCode[fault.error_code];
    if (error) throw error();
  }

  // -- persistence ----------------------------------------------------------------------------

  persist(): void {
    const file = this.options.dataFile;
    if (!file) return;
    const data: DataFile = {
      version: 1,
      clock_offset_days: this.clockOffsetDays,
      webhook_keys: this.keys.toJSON(),
      items: [...this.items.values()].map((item) => item.record),
      removed_access_tokens: [...this.removedAccessTokens],
    };
    mkdirSync(dirname(file), { recursive: true });
    const temporary = `${file}.${process.pid}.tmp`;
    writeFileSync(temporary, JSON.stringify(data));
    renameSync(temporary, file);
  }
}

function readData(file: string): DataFile {
  const data = JSON.parse(readFileSync(file, 'utf8')) as DataFile;
  if (data.version !== 1)
    throw new Error(`${file}: unsupported Plaid sandbox data version ${String(data.version)}`);
  return data;
}

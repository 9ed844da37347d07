// The sandbox's banks: Plaid's own Sandbox institution ids and names, each with the accounts a
// linked user holds there (Plaid account type/subtype values).
import { AccountSubtype, AccountType, CountryCode, Products, type Institution } from 'plaid';

/** What the history generator does with an account. */
export type AccountRole =
  | 'checking'
  | 'savings'
  | 'money_market'
  | 'credit_card'
  | 'student_loan'
  | 'mortgage'
  | 'retirement_401k'
  | 'brokerage';

export interface AccountTemplate {
  /** Stable key inside the institution; account ids derive from it and the item id. */
  key: string;
  role: AccountRole;
  name: string;
  officialName: string;
  mask: string;
  type: AccountType;
  subtype: AccountSubtype;
}

export interface SandboxInstitution {
  institution_id: string;
  name: string;
  url: string;
  primary_color: string;
  routing_numbers: string[];
  /** The user logs in on the bank's own page and returns to Link (Plaid's OAuth flow). */
  oauth: boolean;
  accounts: AccountTemplate[];
}

const account = (
  key: string,
  role: AccountRole,
  name: string,
  officialName: string,
  mask: string,
  type: AccountType,
  subtype: AccountSubtype,
): AccountTemplate => ({ key, role, name, officialName, mask, type, subtype });

const checking = (mask: string, name = 'Plaid Checking') =>
  account(
    'checking',
    'checking',
    name,
    `${name} Account`,
    mask,
    AccountType.Depository,
    AccountSubtype.Checking,
  );
const savings = (mask: string, name = 'Plaid Saving') =>
  account(
    'savings',
    'savings',
    name,
    `${name} Account`,
    mask,
    AccountType.Depository,
    AccountSubtype.Savings,
  );
const moneyMarket = (mask: string) =>
  account(
    'money_market',
    'money_market',
    'Plaid Money Market',
    'Plaid Platinum Money Market',
    mask,
    AccountType.Depository,
    AccountSubtype.MoneyMarket,
  );
const creditCard = (mask: string, name = 'Plaid Credit Card') =>
  account(
    'credit_card',
    'credit_card',
    name,
    `${name} Signature`,
    mask,
    AccountType.Credit,
    AccountSubtype.CreditCard,
  );
const studentLoan = (mask: string) =>
  account(
    'student_loan',
    'student_loan',
    'Plaid Student Loan',
    'Plaid Direct Subsidized Student Loan',
    mask,
    AccountType.Loan,
    AccountSubtype.Student,
  );
const mortgage = (mask: string) =>
  account(
    'mortgage',
    'mortgage',
    'Plaid Mortgage',
    'Plaid 30-Year Fixed Mortgage',
    mask,
    AccountType.Loan,
    AccountSubtype.Mortgage,
  );
const retirement = (mask: string) =>
  account(
    'retirement_401k',
    'retirement_401k',
    'Plaid 401k',
    'Plaid Employer 401(k) Plan',
    mask,
    AccountType.Investment,
    AccountSubtype._401k,
  );
const brokerage = (mask: string) =>
  account(
    'brokerage',
    'brokerage',
    'Plaid Brokerage',
    'Plaid Individual Brokerage Account',
    mask,
    AccountType.Investment,
    AccountSubtype.Brokerage,
  );

export const institutions: SandboxInstitution[] = [
  {
    institution_id: 'ins_109508',
    name: 'First Platypus Bank',
    url: 'https://www.firstplatypus.example',
    primary_color: '#1f6fb2',
    routing_numbers: ['011401533', '021200339'],
    oauth: false,
    accounts: [
      checking('0000'),
      savings('1111'),
      moneyMarket('4444'),
      creditCard('3333'),
      studentLoan('7777'),
      mortgage('8888'),
      retirement('6666'),
      brokerage('5555'),
    ],
  },
  {
    institution_id: 'ins_109509',
    name: 'First Gingham Credit Union',
    url: 'https://www.firstgingham.example',
    primary_color: '#c0392b',
    routing_numbers: ['231374945'],
    oauth: false,
    accounts: [
      checking('2468', 'Gingham Share Draft'),
      savings('1357', 'Gingham Share Savings'),
      creditCard('9753', 'Gingham Visa Platinum'),
    ],
  },
  {
    institution_id: 'ins_109510',
    name: 'Tattersall Federal Credit Union',
    url: 'https://www.tattersall.example',
    primary_color: '#2e7d32',
    routing_numbers: ['254074170'],
    oauth: false,
    accounts: [
      checking('1010', 'Tattersall Checking'),
      creditCard('2020', 'Tattersall Rewards Card'),
      studentLoan('3030'),
    ],
  },
  {
    institution_id: 'ins_109511',
    name: 'Tartan Bank',
    url: 'https://www.tartanbank.example',
    primary_color: '#6a1b9a',
    routing_numbers: ['021000021'],
    oauth: false,
    accounts: [
      checking('4321', 'Tartan Everyday Checking'),
      savings('8765', 'Tartan High Yield Savings'),
      retirement('1122'),
      brokerage('3344'),
    ],
  },
  {
    institution_id: 'ins_109512',
    name: 'Houndstooth Bank',
    url: 'https://www.houndstooth.example',
    primary_color: '#37474f',
    routing_numbers: ['011000138'],
    oauth: false,
    accounts: [
      checking('5050', 'Houndstooth Checking'),
      savings('6060', 'Houndstooth Savings'),
      creditCard('7070', 'Houndstooth Cash Back Card'),
      mortgage('8080'),
    ],
  },
  {
    institution_id: 'ins_127287',
    name: 'Platypus OAuth Bank',
    url: 'https://www.platypusoauth.example',
    primary_color: '#00796b',
    routing_numbers: ['021000089'],
    oauth: true,
    accounts: [
      checking('1212', 'Platypus OAuth Checking'),
      savings('3434', 'Platypus OAuth Savings'),
      creditCard('5656', 'Platypus OAuth Card'),
    ],
  },
];

export const findInstitution = (institutionId: string): SandboxInstitution | undefined =>
  institutions.find((institution) => institution.institution_id === institutionId);

/** The products every sandbox institution supports (what Plaid's Sandbox banks advertise). */
export const institutionProducts: Products[] = [
  Products.Assets,
  Products.Auth,
  Products.Balance,
  Products.Identity,
  Products.Investments,
  Products.Liabilities,
  Products.Transactions,
];

export function institutionBody(
  institution: SandboxInstitution,
  includeOptionalMetadata: boolean,
): Institution {
  return {
    institution_id: institution.institution_id,
    name: institution.name,
    products: institutionProducts,
    country_codes: [CountryCode.Us],
    routing_numbers: institution.routing_numbers,
    dtc_numbers: [],
    oauth: institution.oauth,
    ...(includeOptionalMetadata
      ? { url: institution.url, primary_color: institution.primary_color, logo: null }
      : {}),
  } satisfies Institution;
}

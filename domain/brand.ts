// The product's name, for everything that speaks for it: the SPA (web/src/config/brand.ts), the
// e-mails and their sender, Plaid Link's client name, the verification e-mail, `npm start`
// (one name everywhere).
export const PRODUCT_NAME = 'Tallywise';

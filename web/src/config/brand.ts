// The product's name, in one place: the header, the auth screens, the landing page and the document
// title read it from here (the spec leaves the name out; the logo is components/ui/logo.tsx).
import { PRODUCT_NAME } from '@domain/brand.ts';
export const APP_NAME = PRODUCT_NAME;

/** The one-line promise under the name (landing page, meta description). */
export const APP_TAGLINE = 'Manage Money Better';

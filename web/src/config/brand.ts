// The product's name as shown in the header, the auth screens and the document title.
export const APP_NAME = 'Money Calendar';

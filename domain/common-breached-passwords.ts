// The passwords a new one may not be (domain/breached-passwords.ts): zxcvbn-ts's common passwords, about
// 49,000 drawn from breach corpora, bundled so the check works offline and in a Lambda without a call to
// anyone. Kept apart from the browser's module: the list is about 380 KB.
import { dictionary } from '@zxcvbn-ts/language-common';
import { breachCheckForm } from './breached-passwords.ts';

let common: ReadonlySet<string> | undefined;

/** The bundled list, in breachCheckForm. */
export function commonBreachedPasswords(): ReadonlySet<string> {
  common ??= new Set((dictionary['passwords-common'] as string[]).map(breachCheckForm));
  return common;
}

export const isCommonBreachedPassword = (password: string): boolean =>
  commonBreachedPasswords().has(breachCheckForm(password));

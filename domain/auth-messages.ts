// Sign-in, signup, verification and sign-out wording (spec §5 validation rules, §8 toasts, §9 password
// minimum): one source for the SPA and for any server-side check of the same fields.
import { PRODUCT_NAME } from './brand.ts';

/** spec §9: password minimum. */
export const PASSWORD_MIN_LENGTH = 6;

/** spec §5 validation messages. */
export const authValidation = {
  emailRequired: 'Please enter your email address',
  // Ours: the spec names only the required check, and Cognito needs an address to send the code to.
  emailInvalid: 'Please enter a valid email address',
  passwordRequired: 'Please enter your password',
  passwordTooShort: `Password must be at least ${PASSWORD_MIN_LENGTH} characters long`,
  fullNameRequired: 'Please enter your full name',
} as const;

/** spec §8 sign-in, signup and verification toasts, and §4 logout toasts. */
export const authToasts = {
  welcomeBack: 'Welcome back!',
  /** The first sign-in of an account just created (ours: spec §8's 'Welcome back!' is for returns). */
  welcomeNew: `Welcome to ${PRODUCT_NAME}! Let's get you set up.`,
  accountExists: 'An account with this email already exists. Please sign in instead.',
  unexpected: 'An unexpected error occurred',
  accountCreated: 'Account created! Please check your email to verify your account and sign back in.',
  emailVerified: 'Email verified! Please sign in to continue.',
  /** Sign-up with an address that signed up before and never confirmed it: a new code was sent. */
  codeSentAgain: "You've already signed up with this email. We sent you a new code: check your inbox.",
  verificationFailed: 'Email verification failed. Please try again.',
  signingOut: 'Signing out...',
  signedOut: 'Signed out successfully',
  signOutFailed: 'Error signing out',
  /** The first sign-in after creating an account through an invitation accepted it (goes to /profiles). */
  accountCreatedInvitationAccepted: 'Account created and invitation accepted!',
  /** An existing user accepted an invitation (sign-in with an invitation, or the Accept button). */
  invitationAccepted: 'Invitation accepted!',
} as const;

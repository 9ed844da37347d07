// spec §2 Signup questionnaire and §3 user_onboarding_responses: the options (values are the spec's),
// their wording (ours: the spec gives values only, and the two ends of the confidence scale), and the
// spec §5 validation of each step.

export const challengeOptions = [
  { value: 'debt', label: 'Getting out of debt' },
  { value: 'paycheck-to-paycheck', label: 'Living paycheck to paycheck' },
  { value: 'budgeting-apps-failed', label: "Budgeting apps haven't worked for me" },
  { value: 'peace-of-mind', label: 'I just want peace of mind about money' },
  { value: 'other', label: 'Other' },
] as const;

export const goalOptions = [
  { value: 'pay-off-credit-cards', label: 'Pay off credit cards' },
  { value: 'emergency-savings', label: 'Build emergency savings' },
  { value: 'control-spending', label: 'Get my spending under control' },
  { value: 'save-for-specific', label: 'Save for something specific' },
  { value: 'reduce-stress', label: 'Feel less stressed about money' },
  { value: 'not-sure', label: "I'm not sure yet" },
] as const;

/** spec §2: 1 'Totally overwhelmed' to 5 "I've got this"; the middle labels are ours. */
export const confidenceOptions = [
  { value: 1, label: 'Totally overwhelmed' },
  { value: 2, label: 'Pretty stressed' },
  { value: 3, label: 'Getting by' },
  { value: 4, label: 'Fairly confident' },
  { value: 5, label: "I've got this" },
] as const;

export type Challenge = (typeof challengeOptions)[number]['value'];
export type Goal = (typeof goalOptions)[number]['value'];

export const QUESTIONNAIRE_STEPS = 3;

/** spec §5 questionnaire messages. */
export const questionnaireMessages = {
  challengeRequired: 'Please select your biggest money challenge',
  otherRequired: 'Please describe your challenge',
  goalRequired: 'Please select your financial goal',
  confidenceRequired: 'Please select your confidence level',
  /** spec §8 */
  saved: "Thanks! Now let's create your account",
  saveFailed: 'Something went wrong. Please try again.',
} as const;

export interface Answers {
  challenge: Challenge | null;
  challengeOther: string;
  goal: Goal | null;
  confidence: number | null;
}

export const emptyAnswers: Answers = { challenge: null, challengeOther: '', goal: null, confidence: null };

/** The message blocking `step` (1 to 3), or null when the step is answered. */
export function stepError(step: number, answers: Answers): string | null {
  if (step === 1) {
    if (!answers.challenge) return questionnaireMessages.challengeRequired;
    if (answers.challenge === 'other' && answers.challengeOther.trim() === '') {
      return questionnaireMessages.otherRequired;
    }
    return null;
  }
  if (step === 2) return answers.goal ? null : questionnaireMessages.goalRequired;
  return answers.confidence ? null : questionnaireMessages.confidenceRequired;
}

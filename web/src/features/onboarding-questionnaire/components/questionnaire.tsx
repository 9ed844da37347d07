// spec §2 Signup: the 3-step questionnaire before 'Create your account'. Step 1 the biggest money
// challenge (radio; 'Other' opens a text box), step 2 the top goal for the next 12 months (dropdown),
// step 3 confidence 1 to 5. Back/Next, 'Complete' on step 3; Back on step 1 goes back in the browser's
// history. Completing stores the answers (POST /onboarding-responses) and hands over to account creation.
import { useId, useState, type ReactNode } from 'react';
import { useNavigate } from 'react-router-dom';
import { journeyToast, toast } from '../../../lib/toast.ts';
import { Button } from '../../../components/ui/button.tsx';
import { SelectField } from '../../../components/ui/select-field.tsx';
import { inputClasses } from '../../../components/ui/text-field.tsx';
import { cn } from '../../../lib/cn.ts';
import { useSaveOnboardingResponse } from '../api/save-onboarding-response.ts';
import {
  QUESTIONNAIRE_STEPS,
  challengeOptions,
  confidenceOptions,
  emptyAnswers,
  goalOptions,
  questionnaireMessages,
  stepError,
  type Answers,
  type Challenge,
  type Goal,
} from '../utils/questionnaire.ts';

const questions = [
  "What's your biggest money challenge right now?",
  "What's your top financial goal for the next 12 months?",
  'How confident do you feel about your money today?',
] as const;

function Choice({
  name,
  checked,
  onChange,
  children,
}: {
  name: string;
  checked: boolean;
  onChange: () => void;
  children: ReactNode;
}) {
  return (
    <label
      className={cn(
        'flex cursor-pointer items-center gap-3 rounded-lg border px-4 py-3 text-sm font-medium transition-colors',
        'has-focus-visible:outline-2 has-focus-visible:outline-brand-600',
        checked
          ? 'border-brand-600 bg-brand-50 text-slate-900'
          : 'border-slate-300 text-slate-800 hover:bg-slate-50',
      )}
    >
      <input
        type="radio"
        name={name}
        checked={checked}
        onChange={onChange}
        className="size-4 accent-brand-600"
      />
      {children}
    </label>
  );
}

export function Questionnaire({ onComplete }: { onComplete: () => void }) {
  const navigate = useNavigate();
  const ids = useId();
  const save = useSaveOnboardingResponse();
  const [sessionId] = useState(() => crypto.randomUUID());
  const [step, setStep] = useState(1);
  const [answers, setAnswers] = useState<Answers>(emptyAnswers);
  const [error, setError] = useState<string | null>(null);
  const update = (patch: Partial<Answers>) => {
    setAnswers((current) => ({ ...current, ...patch }));
    setError(null);
  };
  const errorId = `${ids}-error`;

  const back = () => {
    setError(null);
    if (step > 1) setStep(step - 1);
    // spec §2: Back on step 1 goes back in browser history (home when this page was the first).
    else if ((window.history.state as { idx?: number } | null)?.idx) void navigate(-1);
    else void navigate('/');
  };

  const next = async () => {
    const problem = stepError(step, answers);
    if (problem) {
      setError(problem);
      return;
    }
    if (step < QUESTIONNAIRE_STEPS) {
      setStep(step + 1);
      return;
    }
    try {
      await save.mutateAsync({ sessionId, answers });
      journeyToast('success', questionnaireMessages.saved);
      onComplete();
    } catch (cause) {
      console.error('saving the onboarding answers failed', cause);
      toast.error(questionnaireMessages.saveFailed);
    }
  };

  const question = questions[step - 1] ?? '';
  return (
    <form
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        void next();
      }}
      className="space-y-6"
    >
      <div>
        <p className="text-sm font-medium text-brand-700">
          Step {step} of {QUESTIONNAIRE_STEPS}
        </p>
        <div
          className="mt-2 h-1.5 rounded-full bg-slate-200"
          role="progressbar"
          aria-label="Questionnaire progress"
          aria-valuemin={1}
          aria-valuemax={QUESTIONNAIRE_STEPS}
          aria-valuenow={step}
        >
          <div
            className="h-full rounded-full bg-brand-600 transition-[width]"
            style={{ width: `${(step / QUESTIONNAIRE_STEPS) * 100}%` }}
          />
        </div>
      </div>

      {step === 1 ? (
        <fieldset aria-describedby={error ? errorId : undefined} className="space-y-2">
          <legend className="mb-3 text-lg font-semibold text-slate-900">{question}</legend>
          {challengeOptions.map((option) => (
            <Choice
              key={option.value}
              name="challenge"
              checked={answers.challenge === option.value}
              onChange={() => update({ challenge: option.value as Challenge })}
            >
              {option.label}
            </Choice>
          ))}
          {answers.challenge === 'other' ? (
            <div className="space-y-1.5 pt-2">
              <label htmlFor={`${ids}-other`} className="text-sm font-medium text-slate-800">
                Tell us about your challenge
              </label>
              <textarea
                id={`${ids}-other`}
                rows={3}
                maxLength={500}
                value={answers.challengeOther}
                onChange={(event) => update({ challengeOther: event.target.value })}
                className={cn(inputClasses, 'h-auto py-2')}
                autoFocus
              />
            </div>
          ) : null}
        </fieldset>
      ) : null}

      {step === 2 ? (
        <div>
          <h2 className="mb-3 text-lg font-semibold text-slate-900">{question}</h2>
          <SelectField
            label="Top financial goal"
            value={answers.goal ?? ''}
            onChange={(event) => update({ goal: (event.target.value || null) as Goal | null })}
            options={[{ value: '', label: 'Choose your goal' }, ...goalOptions]}
          />
        </div>
      ) : null}

      {step === 3 ? (
        <fieldset aria-describedby={error ? errorId : undefined} className="space-y-2">
          <legend className="mb-3 text-lg font-semibold text-slate-900">{question}</legend>
          {confidenceOptions.map((option) => (
            <Choice
              key={option.value}
              name="confidence"
              checked={answers.confidence === option.value}
              onChange={() => update({ confidence: option.value })}
            >
              <span className="inline-flex size-6 items-center justify-center rounded-full bg-slate-100 text-xs font-semibold">
                {option.value}
              </span>
              {option.label}
            </Choice>
          ))}
        </fieldset>
      ) : null}

      {error ? (
        <p id={errorId} role="alert" className="text-sm text-red-700">
          {error}
        </p>
      ) : null}

      <div className="flex gap-3">
        <Button variant="secondary" className="flex-1" onClick={back}>
          Back
        </Button>
        <Button type="submit" className="flex-1" isPending={save.isPending}>
          {step === QUESTIONNAIRE_STEPS ? 'Complete' : 'Next'}
        </Button>
      </div>
    </form>
  );
}

// Finding answers: every word typed must appear in the question, the answer or the keywords (case and
// accents ignored), questions that match rank first.
import type { HelpAnswer } from '../content/answers.ts';

const fold = (text: string) =>
  text
    .toLowerCase()
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '');

export function searchAnswers(answers: readonly HelpAnswer[], query: string): HelpAnswer[] {
  const words = fold(query)
    .split(/[^a-z0-9]+/)
    .filter((w) => w.length > 1);
  if (words.length === 0) return [...answers];
  const scored = answers.flatMap((a) => {
    const question = fold(a.question);
    const all = `${question} ${fold(a.answer.join(' '))} ${fold(a.keywords.join(' '))}`;
    if (!words.every((w) => all.includes(w))) return [];
    return [{ a, score: words.filter((w) => question.includes(w)).length }];
  });
  return scored.sort((x, y) => y.score - x.score).map((x) => x.a);
}

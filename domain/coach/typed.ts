// Questions as people type them, read as meant: contractions without their apostrophe ("whats",
// "dont", "im"), texting shorthand ("r", "u", "ur", "gonna", "wanna", "tmrw", "bc") and curly quotes.
// Only whole words change; amounts, dates and names are left as typed. Pure.

const WORDS: Record<string, string> = {
  whats: "what's",
  hows: "how's",
  wheres: "where's",
  whens: "when's",
  thats: "that's",
  im: "i'm",
  ive: "i've",
  ill: "i'll",
  id: "i'd",
  dont: "don't",
  doesnt: "doesn't",
  didnt: "didn't",
  cant: "can't",
  wont: "won't",
  isnt: "isn't",
  arent: "aren't",
  havent: "haven't",
  r: 'are',
  u: 'you',
  ur: 'your',
  gonna: 'going to',
  wanna: 'want to',
  gotta: 'have to',
  tmrw: 'tomorrow',
  tmr: 'tomorrow',
  tomorow: 'tomorrow',
  bc: 'because',
  thru: 'through',
  til: 'till',
  mo: 'month',
  mos: 'months',
  wk: 'week',
  wks: 'weeks',
  yr: 'year',
  yrs: 'years',
};

/** The question with shorthand and missing apostrophes read as meant. */
export function asMeant(question: string): string {
  return (
    question
      .replace(/[‘’]/g, "'")
      .replace(/[“”]/g, '"')
      .replace(/\b[A-Za-z]+\b/g, (word) => WORDS[word.toLowerCase()] ?? word)
      // "this months spending": the month's, not months.
      .replace(/\b(this|last|next) months\b(?! ago)/gi, "$1 month's")
  );
}

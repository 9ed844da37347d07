// spec §2 Daily Wisdom, Wisdom tab: quotations from books, each with its author and title. Only
// quotations whose wording and source we could stand behind are listed; docs/web.md notes the count.
export interface BookQuote {
  quote: string;
  author: string;
  book: string;
}

const housel = (quote: string): BookQuote => ({
  quote,
  author: 'Morgan Housel',
  book: 'The Psychology of Money',
});
const clason = (quote: string): BookQuote => ({
  quote,
  author: 'George S. Clason',
  book: 'The Richest Man in Babylon',
});
const franklin = (quote: string): BookQuote => ({
  quote,
  author: 'Benjamin Franklin',
  book: 'The Way to Wealth',
});
const kiyosaki = (quote: string): BookQuote => ({
  quote,
  author: 'Robert T. Kiyosaki',
  book: 'Rich Dad Poor Dad',
});
const graham = (quote: string): BookQuote => ({
  quote,
  author: 'Benjamin Graham',
  book: 'The Intelligent Investor',
});
const ramsey = (quote: string): BookQuote => ({
  quote,
  author: 'Dave Ramsey',
  book: 'The Total Money Makeover',
});
const clear = (quote: string): BookQuote => ({ quote, author: 'James Clear', book: 'Atomic Habits' });
const thoreau = (quote: string): BookQuote => ({ quote, author: 'Henry David Thoreau', book: 'Walden' });
const kahneman = (quote: string): BookQuote => ({
  quote,
  author: 'Daniel Kahneman',
  book: 'Thinking, Fast and Slow',
});
const millionaire = (quote: string): BookQuote => ({
  quote,
  author: 'Thomas J. Stanley and William D. Danko',
  book: 'The Millionaire Next Door',
});

export const bookQuotes: readonly BookQuote[] = [
  housel(
    'Doing well with money has a little to do with how smart you are and a lot to do with how you behave.',
  ),
  housel('Spending money to show people how much money you have is the fastest way to have less money.'),
  housel('Controlling your time is the highest dividend money pays.'),
  housel('Wealth is what you don’t see.'),
  housel(
    'Building wealth has little to do with your income or investment returns, and lots to do with your savings rate.',
  ),
  housel('The most important part of every plan is planning on your plan not going according to plan.'),
  housel(
    'The highest form of wealth is the ability to wake up every morning and say, “I can do whatever I want today.”',
  ),
  clason('A part of all you earn is yours to keep.'),
  clason('Wealth, like a tree, grows from a tiny seed.'),
  clason('Opportunity is a haughty goddess who wastes no time with those who are unprepared.'),
  clason('Where the determination is, the way can be found.'),
  clason('Better a little caution than a great regret.'),
  clason(
    'What each of us calls our “necessary expenses” will always grow to equal our incomes unless we protest to the contrary.',
  ),
  clason(
    'Gold cometh gladly and in increasing quantity to any man who will put by not less than one-tenth of his earnings to create an estate for his future and that of his family.',
  ),
  clason('Control thy expenditures.'),
  franklin('Beware of little expenses; a small leak will sink a great ship.'),
  franklin('If you would be wealthy, think of saving as well as of getting.'),
  franklin('He that goes a borrowing goes a sorrowing.'),
  franklin('Creditors have better memories than debtors.'),
  franklin('Industry pays debts, while despair increaseth them.'),
  franklin('Lost time is never found again.'),
  franklin('Diligence is the mother of good luck.'),
  franklin('Early to bed, and early to rise, makes a man healthy, wealthy, and wise.'),
  franklin('What maintains one vice would bring up two children.'),
  franklin('Buy what thou hast no need of, and ere long thou shalt sell thy necessaries.'),
  franklin('If you would know the value of money, go and try to borrow some.'),
  franklin('Silks and satins, scarlet and velvets, put out the kitchen fire.'),
  franklin('Rather go to bed supperless than rise in debt.'),
  franklin('A fat kitchen makes a lean will.'),
  franklin('Ere you consult your fancy, consult your purse.'),
  { quote: 'Remember that time is money.', author: 'Benjamin Franklin', book: 'Advice to a Young Tradesman' },
  kiyosaki('The rich don’t work for money.'),
  kiyosaki('It’s not how much money you make, but how much money you keep.'),
  kiyosaki('An asset puts money in my pocket. A liability takes money out of my pocket.'),
  kiyosaki(
    'Rich people acquire assets. The poor and middle class acquire liabilities that they think are assets.',
  ),
  kiyosaki('The poor and the middle class work for money. The rich have money work for them.'),
  graham('The investor’s chief problem—and even his worst enemy—is likely to be himself.'),
  graham('Investment is most intelligent when it is most businesslike.'),
  graham(
    'Confronted with a challenge to distill the secret of sound investment into three words, we venture the following motto, MARGIN OF SAFETY.',
  ),
  graham(
    'An investment operation is one which, upon thorough analysis, promises safety of principal and an adequate return. Operations not meeting these requirements are speculative.',
  ),
  ramsey('Live like no one else, so later you can live like no one else.'),
  ramsey('Personal finance is 80 percent behavior and only 20 percent head knowledge.'),
  ramsey('You must gain control over your money or the lack of it will forever control you.'),
  millionaire('Wealth is what you accumulate, not what you spend.'),
  millionaire('Whatever your income, always live below your means.'),
  millionaire(
    'Many people who live in expensive homes and drive luxury cars do not actually have much wealth.',
  ),
  clear('You do not rise to the level of your goals. You fall to the level of your systems.'),
  clear('Every action you take is a vote for the type of person you wish to become.'),
  clear('Habits are the compound interest of self-improvement.'),
  clear('Success is the product of daily habits—not once-in-a-lifetime transformations.'),
  clear('You should be far more concerned with your current trajectory than with your current results.'),
  clear('Goals are good for setting a direction, but systems are best for making progress.'),
  clear('Time magnifies the margin between success and failure.'),
  clear('The costs of your good habits are in the present. The costs of your bad habits are in the future.'),
  clear('Never miss twice.'),
  clear(
    'The most effective way to change your habits is to focus not on what you want to achieve, but on who you wish to become.',
  ),
  thoreau('A man is rich in proportion to the number of things which he can afford to let alone.'),
  thoreau(
    'The cost of a thing is the amount of what I will call life which is required to be exchanged for it, immediately or in the long run.',
  ),
  thoreau('Our life is frittered away by detail. Simplify, simplify.'),
  thoreau(
    'Superfluous wealth can buy superfluities only. Money is not required to buy one necessary of the soul.',
  ),
  thoreau(
    'I say, beware of all enterprises that require new clothes, and not rather a new wearer of clothes.',
  ),
  thoreau(
    'Most of the luxuries, and many of the so-called comforts of life, are not only not indispensable, but positive hindrances to the elevation of mankind.',
  ),
  thoreau('Rather than love, than money, than fame, give me truth.'),
  kahneman('Nothing in life is as important as you think it is, while you are thinking about it.'),
  kahneman('We can be blind to the obvious, and we are also blind to our blindness.'),
  kahneman('Losses loom larger than gains.'),
  {
    quote: 'Don’t look for the needle in the haystack. Just buy the haystack!',
    author: 'John C. Bogle',
    book: 'The Little Book of Common Sense Investing',
  },
  {
    quote:
      'A blindfolded monkey throwing darts at a newspaper’s financial pages could select a portfolio that would do just as well as one carefully selected by experts.',
    author: 'Burton G. Malkiel',
    book: 'A Random Walk Down Wall Street',
  },
  {
    quote: 'Spend less than you earn—invest the surplus—avoid debt.',
    author: 'JL Collins',
    book: 'The Simple Path to Wealth',
  },
  {
    quote: 'Spend extravagantly on the things you love, and cut costs mercilessly on the things you don’t.',
    author: 'Ramit Sethi',
    book: 'I Will Teach You to Be Rich',
  },
  { quote: 'Pay yourself first.', author: 'David Bach', book: 'The Automatic Millionaire' },
  graham(
    'To distill the secret of sound investment into three words, we venture the motto, MARGIN OF SAFETY.',
  ),
  millionaire(
    'They believe that financial independence is more important than displaying high social status.',
  ),
  {
    quote: 'Begin with the end in mind.',
    author: 'Stephen R. Covey',
    book: 'The 7 Habits of Highly Effective People',
  },
  {
    quote: 'The key is not to prioritize what’s on your schedule, but to schedule your priorities.',
    author: 'Stephen R. Covey',
    book: 'The 7 Habits of Highly Effective People',
  },
  {
    quote: 'Money is something we choose to trade our life energy for.',
    author: 'Vicki Robin and Joe Dominguez',
    book: 'Your Money or Your Life',
  },
  {
    quote:
      'Annual income twenty pounds, annual expenditure nineteen nineteen and six, result happiness. Annual income twenty pounds, annual expenditure twenty pounds ought and six, result misery.',
    author: 'Charles Dickens',
    book: 'David Copperfield',
  },
  {
    quote: 'Never do tomorrow what you can do today. Procrastination is the thief of time. Collar him!',
    author: 'Charles Dickens',
    book: 'David Copperfield',
  },
  {
    quote: 'Neither a borrower nor a lender be; for loan oft loses both itself and friend.',
    author: 'William Shakespeare',
    book: 'Hamlet',
  },
  {
    quote: 'It is not the man who has too little, but the man who craves more, that is poor.',
    author: 'Seneca',
    book: 'Moral Letters to Lucilius',
  },
  { quote: 'Nothing, Lucilius, is ours, except time.', author: 'Seneca', book: 'Moral Letters to Lucilius' },
  { quote: 'While we are postponing, life speeds by.', author: 'Seneca', book: 'Moral Letters to Lucilius' },
  {
    quote: 'Very little is needed to make a happy life; it is all within yourself, in your way of thinking.',
    author: 'Marcus Aurelius',
    book: 'Meditations',
  },
  {
    quote:
      'Money is only a tool. It will take you wherever you wish, but it will not replace you as the driver.',
    author: 'Ayn Rand',
    book: 'Atlas Shrugged',
  },
  { quote: 'Money is coined liberty.', author: 'Fyodor Dostoevsky', book: 'The House of the Dead' },
  {
    quote: 'Money is like a sixth sense without which you cannot make a complete use of the other five.',
    author: 'W. Somerset Maugham',
    book: 'Of Human Bondage',
  },
  {
    quote: 'A large income is the best recipe for happiness I ever heard of.',
    author: 'Jane Austen',
    book: 'Mansfield Park',
  },
  {
    quote:
      '‘What have wealth or grandeur to do with happiness?’ ‘Grandeur has but little,’ said Elinor, ‘but wealth has much to do with it.’',
    author: 'Jane Austen',
    book: 'Sense and Sensibility',
  },
  {
    quote:
      'It is not from the benevolence of the butcher, the brewer, or the baker that we expect our dinner, but from their regard to their own interest.',
    author: 'Adam Smith',
    book: 'The Wealth of Nations',
  },
  {
    quote:
      'October. This is one of the peculiarly dangerous months to speculate in stocks in. The others are July, January, September, April, November, May, March, June, December, August, and February.',
    author: 'Mark Twain',
    book: 'Pudd’nhead Wilson',
  },
];

// spec §2 Daily Wisdom: 'Financial Tips & Wisdom' with tabs Money Tips, Budgeting and Wisdom, listing
// the built-in content. spec §9: a tip dialog is at most 80vh tall; the lists scroll inside it.
import { Dialog } from '../../../components/ui/dialog.tsx';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '../../../components/ui/tabs.tsx';
import { bookQuotes } from '../content/book-quotes.ts';
import { budgetingTips } from '../content/budgeting-tips.ts';
import { moneyTips } from '../content/money-tips.ts';

const listClasses = 'max-h-[50vh] space-y-3 overflow-y-auto pr-1';

export function DailyWisdomDialog({
  open,
  onOpenChange,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
}) {
  return (
    <Dialog
      open={open}
      onOpenChange={onOpenChange}
      title="Financial Tips & Wisdom"
      className="max-h-[80vh] max-w-xl"
    >
      <Tabs defaultValue="money">
        <TabsList aria-label="Kind of wisdom">
          <TabsTrigger value="money">Money Tips</TabsTrigger>
          <TabsTrigger value="budgeting">Budgeting</TabsTrigger>
          <TabsTrigger value="wisdom">Wisdom</TabsTrigger>
        </TabsList>
        <TabsContent value="money">
          <ol className={listClasses} aria-label="Money tips">
            {moneyTips.map((tip) => (
              <li key={tip} className="rounded-lg bg-slate-50 p-3 text-sm text-slate-800">
                {tip}
              </li>
            ))}
          </ol>
        </TabsContent>
        <TabsContent value="budgeting">
          <ol className={listClasses} aria-label="Budgeting strategies">
            {budgetingTips.map((tip) => (
              <li key={tip.title} className="rounded-lg bg-slate-50 p-3">
                <p className="text-sm font-semibold text-slate-900">{tip.title}</p>
                <p className="mt-1 text-sm text-slate-700">{tip.body}</p>
              </li>
            ))}
          </ol>
        </TabsContent>
        <TabsContent value="wisdom">
          <ol className={listClasses} aria-label="Book quotes">
            {bookQuotes.map((item) => (
              <li key={item.quote}>
                <figure className="rounded-lg bg-slate-50 p-3">
                  <blockquote className="text-sm text-slate-800">“{item.quote}”</blockquote>
                  <figcaption className="mt-2 text-xs text-slate-600">
                    — {item.author}, <cite>{item.book}</cite>
                  </figcaption>
                </figure>
              </li>
            ))}
          </ol>
        </TabsContent>
      </Tabs>
    </Dialog>
  );
}

/**
 * The basket's total, as the quote e-mail will say it: what these machines cost a month together at
 * the volume set above the comparison, ex VAT and with VAT, what the ones sold outright only cost
 * to buy, and how long the quote holds (basketQuote.ts; the sentences are the e-mail's own,
 * `quoteTotalSentences`).
 */
import { observer } from 'mobx-react-lite';
import type { BasketItem } from '@copytech/shared';
import { quoteTotalSentences, volumesWords } from '@copytech/shared/domain';
import { useTerms } from '@copytech/shared/terms';
import { basketQuote } from './basketQuote';
import styles from './ComparisonTable.module.css';

export const QuoteTotal = observer(function QuoteTotal({ items }: { items: readonly BasketItem[] }) {
  const terms = useTerms();
  const quote = basketQuote(items, terms);
  if (!quote || !terms) return null;
  const printing = quote.figures.lines.some((line) => line.prints);
  return (
    <div className={styles.total} data-testid="quote-total">
      {printing ? <p className={styles.totalBasis}>At {volumesWords(quote.pages)}:</p> : null}
      {quoteTotalSentences(quote.figures, items.length).map((sentence) => (
        <p key={sentence} className={styles.totalFigure}>
          {sentence}
        </p>
      ))}
      <p className={styles.totalNote}>
        Your quote e-mail gives these figures, valid for {terms.quote.validForDays} days from the day you ask for it.
      </p>
    </div>
  );
});

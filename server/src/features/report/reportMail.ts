/** The savings checker's report e-mails (docs/product-rules.md "Report and quote"): the visitor's report and the sales team's copy. */
import {
  CHECKER_MACHINE_PROBLEMS,
  COMPANY,
  COMPARISON_MONTHS,
  checkerMachineWords,
  copytechSideWords,
  pageBillingTerms,
  type CheckerMachineProblem,
  formatPence,
  formatPageCount,
  formatPencePerPage,
  summariseAnswers,
  type ContactDetails,
  type SavingsAnswers,
  type SavingsResult,
} from '@copytech/shared/domain';
import { escapeHtml, type MailMessage } from '../../mail/message';
import {
  htmlPage,
  salesAddressing,
  salesContactLines,
  salesHtmlOpening,
  visitorAddressing,
  visitorSignOff,
  type MailContext,
} from '../../mail/layout';

const money = (pence: number) => formatPence(Math.abs(pence)) ?? '£0.00';
/** A saving; a negative one (Copytech would cost more) said in words: "£42.50 more". */
const saving = (pence: number) => (pence < 0 ? `${money(pence)} more` : money(pence));

interface FigureRow {
  label: string;
  today: string;
  copytech: string;
  saving: string;
}

function figureRows(result: SavingsResult): FigureRow[] {
  const { current, copytech, savings } = result;
  const perPage = (today: number | null, theirs: number | null) =>
    today === null || theirs === null
      ? '–'
      : today - theirs < 0
        ? `${formatPencePerPage(Math.round((theirs - today) * 100) / 100)} more`
        : formatPencePerPage(Math.round((today - theirs) * 100) / 100);
  const rows: FigureRow[] = [
    {
      label: 'Per month',
      today: money(current.perMonth),
      copytech: money(copytech.perMonth),
      saving: savings ? saving(savings.perMonth) : '–',
    },
    {
      label: 'Per year',
      today: money(current.perYear),
      copytech: money(copytech.perYear),
      saving: savings ? saving(savings.perYear) : '–',
    },
    {
      label: `Over ${COMPARISON_MONTHS} months`,
      today: money(current.per60Months),
      copytech: money(copytech.per60Months),
      saving: savings ? saving(savings.per60Months) : '–',
    },
  ];
  if (current.perPage.mono !== null) {
    rows.push({
      label: 'Per mono page',
      today: formatPencePerPage(current.perPage.mono),
      copytech: formatPencePerPage(copytech.perPage.mono),
      saving: perPage(current.perPage.mono, copytech.perPage.mono),
    });
  }
  if (current.perPage.colour !== null) {
    rows.push({
      label: 'Per colour page',
      today: formatPencePerPage(current.perPage.colour),
      copytech: formatPencePerPage(copytech.perPage.colour),
      saving: perPage(current.perPage.colour, copytech.perPage.colour),
    });
  }
  return rows;
}

function textTable(rows: FigureRow[], savingLabel: string): string[] {
  const header: FigureRow = { label: '', today: 'Today', copytech: 'With Copytech', saving: savingLabel };
  return [header, ...rows].map((row) =>
    `${row.label.padEnd(16)}${row.today.padStart(12)}${row.copytech.padStart(16)}${row.saving.padStart(14)}`.trimEnd(),
  );
}

function htmlTable(rows: FigureRow[], savingLabel: string): string {
  const cell = 'padding:8px;border-bottom:1px solid #d9dee3;text-align:right;white-space:nowrap';
  const head = 'padding:8px;border-bottom:2px solid #0b4f8a;text-align:right';
  return `<table role="presentation" style="width:100%;border-collapse:collapse;font-size:15px">
<thead><tr><th style="${head}"></th><th style="${head}">Today</th><th style="${head}">With Copytech</th><th style="${head}">${escapeHtml(savingLabel)}</th></tr></thead>
<tbody>
${rows
  .map(
    (row) =>
      `<tr><th style="${cell};text-align:left">${escapeHtml(row.label)}</th><td style="${cell}">${escapeHtml(row.today)}</td><td style="${cell}">${escapeHtml(row.copytech)}</td><td style="${cell}">${escapeHtml(row.saving)}</td></tr>`,
  )
  .join('\n')}
</tbody>
</table>`;
}

function savingLabel(result: SavingsResult): string {
  return result.savings && result.savings.perYear < 0 ? 'Difference' : 'Saving';
}

/**
 * What Copytech's side is: the machine the checker was opened for (its own prices, never "from"),
 * the machine that fits the visitor's pages (its own prices), or, when no list could be read, the
 * terms' "from" prices; with why a machine asked for was not used.
 */
function comparedWithLine(context: MailContext, result: SavingsResult, problem: CheckerMachineProblem | null): string {
  if (result.machine) return `Compared with: ${checkerMachineWords(result.machine)}.`;
  const note = problem ? `${CHECKER_MACHINE_PROBLEMS[problem]} ` : '';
  return `${note}${copytechSideWords(context.terms, null, result.fit)}`;
}

/** The page-billing terms, said wherever a price per page is (docs/product-rules.md "Running costs"). */
function billingSection(context: MailContext): { text: string[]; html: string } {
  const lines = pageBillingTerms(context.terms);
  return {
    text: ['HOW COPYTECH BILLS PAGES', '', ...lines.map((line) => `- ${line}`), ''],
    html: `<h2 style="font-size:17px;margin:24px 0 8px">How Copytech bills pages</h2>
<ul>${lines.map((line) => `<li>${escapeHtml(line)}</li>`).join('')}</ul>`,
  };
}

function pagesLine(result: SavingsResult): string {
  return `Pages a month: ${formatPageCount(result.pagesPerMonth.mono)} mono and ${formatPageCount(result.pagesPerMonth.colour)} colour.`;
}

export function reportVisitorMail(
  context: MailContext,
  reference: string,
  contact: ContactDetails,
  answers: SavingsAnswers,
  result: SavingsResult,
  problem: CheckerMachineProblem | null = null,
): MailMessage {
  const subject = `Your print savings report ${reference}`;
  const compared = comparedWithLine(context, result, problem);
  const billing = billingSection(context);
  const rows = figureRows(result);
  const told = summariseAnswers(answers);
  const signOff = visitorSignOff(context);
  const next =
    result.status === 'saving'
      ? 'Reply to this e-mail or call us and a Copytech print specialist will turn these figures into a quote: the machines, the service and the price per page, in writing.'
      : 'Reply to this e-mail or call us if you would like a second opinion on your machines or your contract; we are happy to look, with no obligation.';

  const text = [
    `Hello ${contact.firstName},`,
    '',
    `Here is your print savings report from Copytech. Your reference is ${reference}.`,
    '',
    result.message,
    '',
    'YOUR FIGURES (excluding VAT)',
    '',
    compared,
    '',
    ...textTable(rows, savingLabel(result)),
    '',
    pagesLine(result),
    '',
    ...billing.text,
    'WHAT YOU TOLD US',
    '',
    ...told.map((row) => `- ${row.label}: ${row.value}`),
    '',
    'HOW WE WORKED IT OUT',
    '',
    ...result.assumptions.map((assumption) => `- ${assumption}`),
    '',
    'WHAT HAPPENS NEXT',
    '',
    next,
    `Call ${COMPANY.salesPhone} and quote ${reference}.`,
    '',
    ...signOff.text,
  ].join('\n');

  const html = htmlPage(
    subject,
    `<p>Hello ${escapeHtml(contact.firstName)},</p>
<p>Here is your print savings report from Copytech. Your reference is <strong>${escapeHtml(reference)}</strong>.</p>
<p style="font-size:17px;padding:12px 16px;background:#f4f6f9;border-left:6px solid ${result.status === 'saving' ? '#1a7f37' : '#4a5565'}">${escapeHtml(result.message)}</p>
<h2 style="font-size:17px;margin:24px 0 8px">Your figures (excluding VAT)</h2>
<p>${escapeHtml(compared)}</p>
${htmlTable(rows, savingLabel(result))}
<p style="font-size:13px;color:#5b6670">${escapeHtml(pagesLine(result))}</p>
${billing.html}
<h2 style="font-size:17px;margin:24px 0 8px">What you told us</h2>
<ul>${told.map((row) => `<li><strong>${escapeHtml(row.label)}:</strong> ${escapeHtml(row.value)}</li>`).join('')}</ul>
<h2 style="font-size:17px;margin:24px 0 8px">How we worked it out</h2>
<ul>${result.assumptions.map((assumption) => `<li>${escapeHtml(assumption)}</li>`).join('')}</ul>
<h2 style="font-size:17px;margin:24px 0 8px">What happens next</h2>
<p>${escapeHtml(next)} Call <strong>${escapeHtml(COMPANY.salesPhone)}</strong> and quote ${escapeHtml(reference)}.</p>
${signOff.html}`,
  );

  return {
    ...visitorAddressing(context, contact),
    subject,
    text,
    html,
  };
}

export function reportSalesMail(
  context: MailContext,
  reference: string,
  contact: ContactDetails,
  answers: SavingsAnswers,
  result: SavingsResult,
  createdAt: string,
  problem: CheckerMachineProblem | null = null,
): MailMessage {
  const compared = comparedWithLine(context, result, problem);
  const headline =
    result.status === 'saving' && result.savings
      ? `saving ${money(result.savings.perYear)} a year`
      : result.status === 'no-saving'
        ? 'no saving'
        : 'incomplete figures';
  const subject = `Savings report ${reference}: ${headline}`;
  const contactLines = salesContactLines(contact);
  const rows = figureRows(result);
  const told = summariseAnswers(answers);
  const text = [
    `Savings checker report ${reference}`,
    `Received: ${createdAt}`,
    '',
    'CONTACT',
    ...contactLines,
    '',
    'RESULT',
    result.message,
    compared,
    '',
    ...textTable(rows, savingLabel(result)),
    '',
    pagesLine(result),
    '',
    'ANSWERS',
    ...told.map((row) => `- ${row.label}: ${row.value}`),
    '',
    'The visitor has been e-mailed this report. Reply to this message to answer them.',
    '',
  ].join('\n');
  const html = htmlPage(
    subject,
    `${salesHtmlOpening(`Savings checker report ${reference}`, createdAt, contactLines)}
<h2 style="font-size:16px">Result</h2>
<p>${escapeHtml(result.message)}</p>
<p>${escapeHtml(compared)}</p>
${htmlTable(rows, savingLabel(result))}
<p>${escapeHtml(pagesLine(result))}</p>
<h2 style="font-size:16px">Answers</h2>
<ul>${told.map((row) => `<li>${escapeHtml(row.label)}: ${escapeHtml(row.value)}</li>`).join('')}</ul>
<p>The visitor has been e-mailed this report. Reply to this message to answer them.</p>`,
  );
  return {
    ...salesAddressing(context, contact),
    subject,
    text,
    html,
  };
}

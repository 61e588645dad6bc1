/**
 * The wizard's form controls, each labelled, described by its hint and its message, and at least
 * 44px tall: choices (a radio group, a yes/no question, a select) and numbers (an amount in pounds,
 * pages, a percentage).
 */
export { ShowAllMessages } from './common';
export { RadioGroup, SelectField, YesNoQuestion, type RadioOption } from './choices';
export { MoneyField, PagesField, PercentField } from './numbers';

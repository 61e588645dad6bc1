/**
 * The print-savings checker's rules and calculation (docs/product-rules.md "Savings checker"), one
 * module for both sides: the checker shows the results of `calculateSavings()` and the server
 * recomputes the e-mailed report with the same function from the same answers. Pure: no React, no
 * DOM, no stores.
 */
export * from './answers';
export * from './validation';
export * from './calculation';
export * from './summary';
export * from './machine';
export * from './fit';

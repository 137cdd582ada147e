/**
 * Every screen shows amounts through these, so "₹" and its grouping and decimals are decided in
 * one place, shared with the server's e-mails (packages/shared domain/money.ts).
 */
export { rupees, rupeesShort, wholeRupees } from '@agora/shared';

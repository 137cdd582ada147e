/**
 * The one lookup and the one row lock of a question, for the areas that hang off a question
 * (payments, wallet, admin). They reach the row through this service, never through
 * questions.repo: the queries themselves are defined once, in questions.repo.ts.
 */
export { findQuestion, lockQuestion, type QuestionRecord } from './questions.repo.js';

// Vitest setup of the server project: a test whose requests got a response that the OpenAPI
// document does not describe fails, naming each violation (test/contract/openapi-validator.ts).
import { afterAll, afterEach } from 'vitest';
import { takeContractViolations } from './openapi-validator.js';

function failOnViolations(): void {
  const violations = [...new Set(takeContractViolations())];
  if (violations.length > 0) {
    throw new Error(`Responses that break the OpenAPI document:\n- ${violations.join('\n- ')}`);
  }
}

afterEach(failOnViolations);
afterAll(failOnViolations);

import { afterAll, expect } from 'vitest';
import { undocumentedAnswers } from './contract-watch.ts';

afterAll(() => {
  const found = [...new Set(undocumentedAnswers.splice(0))];
  expect(found, 'statuses answered but not documented in shop-core/src/endpoints.ts').toEqual([]);
});

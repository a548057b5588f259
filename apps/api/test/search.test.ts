import { describe, expect, it } from 'vitest';
import { createProduct, getApp, unique } from './helpers.ts';

describe('GET /api/products/shop?search=', () => {
  // English stemming turns "navy" into "navi" and "daisy" into "daisi": a search must still find the word as typed
  // inside a longer one, on both databases.
  it.each(['navy', 'daisy', 'berries'])('finds "%s" as the start of a longer word', async (word) => {
    const app = await getApp();
    const tag = unique('zq').replace(/[^a-z]/g, 'q');
    const product = await createProduct({ name: unique(`${tag} ${word}blue`) });
    const response = await app.inject({ method: 'GET', url: `/api/products/shop?search=${encodeURIComponent(`${tag} ${word}`)}` });
    expect(response.statusCode).toBe(200);
    expect((response.json() as { _id: string }[]).map((found) => found._id)).toEqual([product._id]);
  });
});

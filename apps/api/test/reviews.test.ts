// PRODUCT section 8, "Reviews": a customer who received a product reviews it once; the product's rating follows.
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { queryRows } from '../src/db/rows.ts';
import { ratingOf } from '../src/modules/wire.ts';
import { api } from './client.ts';
import { createAdmin, createOrder, createProduct, createUser, getTestContext } from './helpers.ts';

const review = { rating: 4, title: 'Lovely linen', text: 'Soft, breathes well, a little long.', fit: 'true' } as const;

/** A product and a customer with a delivered order of it. */
async function received() {
  const product = await createProduct();
  const customer = await createUser();
  await createOrder(customer.user, [{ product, quantity: 1 }], { status: 'delivered' });
  return { product, customer };
}

describe('reviews', () => {
  it('are written once by a customer who received the product, listed newest first, and make its rating', async () => {
    const { product, customer } = await received();
    const added = await api('addReview', { token: customer.token, params: { x: product.name }, body: review });
    expect(added.status).toBe(201);
    expect(added.answer).toMatchObject({ ...review, product: product._id, user: { _id: customer.user._id, username: customer.user.username }, message: 'Thank you, your review has been posted' });

    const twice = await api('addReview', { token: customer.token, params: { x: product._id }, body: { ...review, rating: 5 } });
    expect(twice.status).toBe(409);
    expect(twice.message).toBe('You have already reviewed this product');

    const other = await createUser();
    await createOrder(other.user, [{ product, quantity: 2 }], { status: 'delivered' });
    expect((await api('addReview', { token: other.token, params: { x: product._id }, body: { ...review, rating: 5, fit: 'small' } })).status).toBe(201);
    const third = await createUser();
    await createOrder(third.user, [{ product, quantity: 1 }], { status: 'delivered' });
    expect((await api('addReview', { token: third.token, params: { x: product._id }, body: { ...review, rating: 2, fit: 'small' } })).status).toBe(201);

    // (4 + 5 + 2) / 3 = 3.67, to one decimal
    const read = await api('getProduct', { params: { x: product._id } });
    expect(read.answer.rating).toEqual({ average: 3.7, count: 3, fit: { small: 2, true: 1, large: 0 } });
    const listed = await api('shopProducts', { query: { category: product.category } });
    expect(listed.answer[0]?.rating).toEqual(read.answer.rating);

    const page = await api('productReviews', { params: { x: product._id }, query: { limit: 2 } });
    expect(page.total).toBe(3);
    expect(page.answer.map((r) => r.user.username)).toEqual([third.user.username, other.user.username]);
    const next = await api('productReviews', { params: { x: product._id }, query: { limit: 2, page: 2 } });
    expect(next.answer.map((r) => r.user.username)).toEqual([customer.user.username]);
  });

  it('are refused to a customer whose order of the product was not delivered (403), and with a rating outside 1-5 (400)', async () => {
    const product = await createProduct();
    const customer = await createUser();
    await createOrder(customer.user, [{ product, quantity: 1 }], { status: 'shipped' });
    const notYet = await api('addReview', { token: customer.token, params: { x: product._id }, body: review });
    expect(notYet.status).toBe(403);
    expect(notYet.message).toBe('Only customers who received this product can review it');
    // another product's delivered order does not count
    await createOrder(customer.user, [{ product: await createProduct(), quantity: 1 }], { status: 'delivered' });
    expect((await api('addReview', { token: customer.token, params: { x: product._id }, body: review })).status).toBe(403);
    expect((await api('addReview', { params: { x: product._id }, body: review })).status).toBe(401);

    const { product: had, customer: buyer } = await received();
    for (const rating of [0, 6, 3.5, 'five']) {
      const refused = await api('addReview', { token: buyer.token, params: { x: had._id }, payload: { ...review, rating } });
      expect(refused.status).toBe(400);
      expect(refused.message).toBe('Rating must be a whole number from 1 to 5');
    }
    const badFit = await api('addReview', { token: buyer.token, params: { x: had._id }, payload: { ...review, fit: 'huge' } });
    expect(badFit.message).toBe('Fit must be small, true or large');
    const arabic = await api('addReview', { token: customer.token, params: { x: product._id }, body: review, headers: { 'accept-language': 'ar' } });
    expect(arabic.message).toBe('يمكن فقط للعملاء الذين استلموا هذا المنتج تقييمه');
    expect((await api('getProduct', { params: { x: had._id } })).answer.rating).toEqual({ average: 0, count: 0, fit: { small: 0, true: 0, large: 0 } });
  });

  it('tell a signed-in customer her own review of the product, or null, and whether she may write one, so the page offers the form only to her who can send it', async () => {
    const { product, customer } = await received();
    const none = await api('myReview', { token: customer.token, params: { x: product._id } });
    expect(none.status).toBe(200);
    expect(none.answer).toEqual({ review: null, canReview: true });

    const added = await api('addReview', { token: customer.token, params: { x: product._id }, body: review });
    const { message, ...written } = added.answer;
    expect(message).toBe('Thank you, your review has been posted');
    // by id or by name, like the product's other calls
    expect((await api('myReview', { token: customer.token, params: { x: product.name } })).answer).toEqual({ review: written, canReview: false });
    // someone else's review is not hers; a product without her review answers null, and she may not write one of a
    // product she has not received (an order of it not yet delivered included)
    expect((await api('myReview', { token: (await createUser()).token, params: { x: product._id } })).answer).toEqual({ review: null, canReview: false });
    expect((await api('myReview', { token: customer.token, params: { x: (await createProduct())._id } })).answer).toEqual({ review: null, canReview: false });
    const shipped = await createProduct();
    await createOrder(customer.user, [{ product: shipped, quantity: 1 }], { status: 'shipped' });
    expect((await api('myReview', { token: customer.token, params: { x: shipped._id } })).answer).toEqual({ review: null, canReview: false });
    expect((await api('myReview', { params: { x: product._id } })).status).toBe(401);
    expect((await api('myReview', { token: customer.token, params: { x: 'No such product anywhere' } })).status).toBe(404);

    await api('deleteReview', { token: customer.token, params: { id: added.answer._id } });
    expect((await api('myReview', { token: customer.token, params: { x: product._id } })).answer).toEqual({ review: null, canReview: true });
  });

  it('are removed by their author or an admin, not by another customer', async () => {
    const { product, customer } = await received();
    const added = await api('addReview', { token: customer.token, params: { x: product._id }, body: review });
    const stranger = await createUser();
    const refused = await api('deleteReview', { token: stranger.token, params: { id: added.answer._id } });
    expect(refused.status).toBe(403);
    const admin = await createAdmin();
    const removed = await api('deleteReview', { token: admin.token, params: { id: added.answer._id } });
    expect(removed.status).toBe(200);
    expect(removed.answer.message).toBe('Review has been removed');
    expect((await api('getProduct', { params: { x: product._id } })).answer.rating.count).toBe(0);
    expect((await api('deleteReview', { token: admin.token, params: { id: added.answer._id } })).status).toBe(404);

    // the author may write again, then remove her own
    const again = await api('addReview', { token: customer.token, params: { x: product._id }, body: review });
    expect((await api('deleteReview', { token: customer.token, params: { id: again.answer._id } })).status).toBe(200);
  });

  // decision 047: the products' rows keep their reviews' sums, moved by a trigger in the review's own transaction
  it('are summed in their product\'s row as they are written and removed, the average as PostgreSQL rounds it', async () => {
    const { product, customer } = await received();
    const added = await api('addReview', { token: customer.token, params: { x: product._id }, body: { ...review, rating: 5, fit: 'large' } });
    const other = await createUser();
    await createOrder(other.user, [{ product, quantity: 1 }], { status: 'delivered' });
    await api('addReview', { token: other.token, params: { x: product._id }, body: { ...review, rating: 2, fit: 'small' } });
    await api('deleteReview', { token: (await createAdmin()).token, params: { id: added.answer._id } });
    expect((await api('getProduct', { params: { x: product._id } })).answer.rating).toEqual({ average: 2, count: 1, fit: { small: 1, true: 0, large: 0 } });

    const { database } = await getTestContext();
    // every product's sums against its reviews, in one snapshot (other tests write reviews meanwhile)
    const [astray] = await queryRows<{ n: number }>(database.db, sql`select count(*)::int as n from products p,
      lateral (select count(*)::int as n, coalesce(sum(r.rating), 0)::int as stars, count(*) filter (where r.fit = 'small')::int as small,
        count(*) filter (where r.fit = 'true')::int as true_to_size, count(*) filter (where r.fit = 'large')::int as large
        from reviews r where r.product_id = p.id) r
      where (p.rating_count, p.rating_stars, p.fit_small, p.fit_true, p.fit_large) is distinct from (r.n, r.stars, r.small, r.true_to_size, r.large)`);
    expect(astray!.n).toBe(0);

    // the average to one decimal, halves up: every count of reviews up to 12 and every sum of their stars
    const cases = await queryRows<{ count: number; stars: number; average: string }>(database.db, sql`select n as count, s as stars,
      round(s::numeric / n, 1)::text as average from generate_series(1, 12) n, generate_series(1, 60) s where s between n and 5 * n`);
    expect(cases.length).toBeGreaterThan(200);
    for (const { count, stars, average } of cases) {
      expect(ratingOf({ ratingCount: count, ratingStars: stars, fitSmall: 0, fitTrue: 0, fitLarge: 0 }).average, `${stars}/${count}`).toBe(Number(average));
    }
  });
});

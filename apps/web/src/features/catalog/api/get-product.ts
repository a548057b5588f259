import { call } from '../../../lib/api-client.ts';
import { useQuery } from '../../../lib/query.ts';

/** One product by its name (or id); the name is encoded, since it may hold spaces, & or /. */
export const productKey = (nameOrId: string) => `product:${nameOrId}`;
export const relatedKey = (nameOrId: string) => `related:${nameOrId}`;

export function useProduct(nameOrId: string) {
  return useQuery(productKey(nameOrId), (signal) => call('getProduct', { params: { x: nameOrId }, signal }));
}

export function useRelatedProducts(nameOrId: string | null) {
  return useQuery(nameOrId === null ? null : relatedKey(nameOrId), (signal) =>
    call('relatedProducts', { params: { x: nameOrId ?? '' }, signal }),
  );
}

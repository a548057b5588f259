// The chips of a listing's active filters (issue 42): one per size, per colour and one for the price range, each a link
// to the same listing without it, so a shopper on a phone sees what narrows the page and takes one off with a tap.

export type FilterChip =
  | { kind: 'size' | 'color'; value: string; href: string }
  | { kind: 'price'; min: number | undefined; max: number | undefined; href: string };

/** The address without one filter: the page's own scope (gender, category, search words) and the other filters kept, the page number dropped. */
function without(action: string, params: URLSearchParams, change: (next: URLSearchParams) => void): string {
  const next = new URLSearchParams(params);
  next.delete('page');
  change(next);
  const query = next.toString();
  return query ? `${action}?${query}` : action;
}

const listOf = (params: URLSearchParams, name: string) =>
  (params.get(name) ?? '').split(',').map((value) => value.trim()).filter(Boolean);

/** The chips of the filters in `params`, in the panel's order: sizes, colours, then the price. */
export function filterChips(action: string, params: URLSearchParams): FilterChip[] {
  const chips: FilterChip[] = [];
  for (const name of ['size', 'color'] as const) {
    const values = listOf(params, name);
    for (const value of values) {
      chips.push({
        kind: name,
        value,
        href: without(action, params, (next) => {
          const rest = values.filter((other) => other !== value);
          if (rest.length > 0) next.set(name, rest.join(','));
          else next.delete(name);
        }),
      });
    }
  }
  const price = (name: string) => {
    const value = Number(params.get(name));
    return params.get(name)?.trim() && Number.isFinite(value) ? value : undefined;
  };
  const min = price('minPrice');
  const max = price('maxPrice');
  if (min !== undefined || max !== undefined) {
    chips.push({
      kind: 'price',
      min,
      max,
      href: without(action, params, (next) => {
        next.delete('minPrice');
        next.delete('maxPrice');
      }),
    });
  }
  return chips;
}

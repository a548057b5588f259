// Links into the shop. Product names may hold spaces, &, / or Arabic letters, so they are encoded once here.
export function productPath(name: string): string {
  return `/products/${encodeURIComponent(name)}`;
}

export function shopPath(filters: { gender?: string; category?: string } = {}): string {
  const params = new URLSearchParams();
  if (filters.gender) params.set('gender', filters.gender);
  if (filters.category) params.set('category', filters.category);
  const query = params.toString();
  return query ? `/shop?${query}` : '/shop';
}

export function searchPath(text: string): string {
  return `/shop/search?${new URLSearchParams({ search: text }).toString()}`;
}

export function accountPath(username: string, section?: string): string {
  const base = `/account/${encodeURIComponent(username)}`;
  return section ? `${base}/${section}` : base;
}

export function dashboardPath(username: string, section: string): string {
  return `/dashboard/${encodeURIComponent(username)}/${section}`;
}

/** A guest's order page (PRODUCT section 8): readable without an account, by the token in its link. */
export function guestOrderPath(orderId: string, token: string): string {
  return `/orders/${encodeURIComponent(orderId)}?${new URLSearchParams({ token }).toString()}`;
}

// Plain JavaScript: compat's types (`export =`) cannot be re-exported from TypeScript.
// What the production build gives the storefront for `react` (vite.config.ts, decision 014): Preact's compat layer,
// ~10 kB gzip where react-dom's client is ~60 kB, so the home page fits its 90 kB of first-load JavaScript.
// React Router's RouterProvider calls React 19's useOptimistic on every render; compat has none. The router's
// optimistic state is only set with `useTransitions`, which the shop does not use, so the state passes through.
export * from 'preact/compat';
export { default } from 'preact/compat';

export function useOptimistic(state) {
  return [state, () => undefined];
}

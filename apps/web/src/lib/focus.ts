/** Moves the keyboard focus without scrolling: the router and the sticky header's scroll padding own the scroll. */
export function focusElement(element: HTMLElement | null | undefined): boolean {
  if (!element || !element.isConnected) return false;
  // an element that cannot take focus (hidden, removed from the layout) leaves it where it was
  if (element.getClientRects().length === 0) return false;
  element.focus({ preventScroll: true });
  return document.activeElement === element;
}

/** The page's own content: its `main`, which is focusable from script (tabindex -1). */
export function focusMain(): void {
  focusElement(document.getElementById('main'));
}

/** The page's heading when there is one (made focusable from script), else its `main`. */
export function focusPageHeading(): void {
  const heading = document.querySelector<HTMLElement>('#main h1');
  if (heading) {
    if (!heading.hasAttribute('tabindex')) heading.tabIndex = -1;
    if (focusElement(heading)) return;
  }
  focusMain();
}

/** True when the focus has been lost: on <body> or on an element no longer on the page. */
export function focusLost(): boolean {
  const active = document.activeElement;
  return !active || active === document.body || !active.isConnected;
}

/**
 * Focus on a form field the shopper must fix, brought to the middle of the screen, clear of the sticky header. The
 * jump is instant: a smooth scroll can be cut short by what the failed submit draws next (the toast, the messages).
 */
export function focusField(element: HTMLElement | null | undefined): void {
  if (!element || !element.isConnected) return;
  element.focus({ preventScroll: true });
  element.scrollIntoView({ block: 'center', behavior: 'instant' });
}

/** 'accepted', or 'canceled' in red (the shop-wide .status styles). */
export function OrderStatus({ status }: { status: 'accepted' | 'canceled' }) {
  return <span className={`status status--${status}`}>{status}</span>;
}

export function LoadingScreen() {
  return (
    <div className="loading-screen" role="status" aria-label="Loading the shop">
      <span className="logo">
        <span className="logo__mark">NILE</span>
        <span className="logo__sub">clothing</span>
      </span>
      <span className="loading-screen__bar" />
    </div>
  );
}

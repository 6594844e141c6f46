/** Shown while the user info or a lazy chunk loads (after 200 ms, SPEC point 9); antd's large Spin in plain CSS. */
export function Splash() {
  return (
    <div className="gk-splash" data-testid="splash">
      <span className="gk-spin" role="status" aria-live="polite" aria-busy="true">
        <i />
        <i />
        <i />
        <i />
      </span>
    </div>
  );
}

import { Spin } from 'antd';

/** Shown while the user info or a lazy chunk loads (after 200 ms, SPEC point 9). */
export function Splash() {
  return (
    <div className="gk-splash" data-testid="splash">
      <Spin delay={200} size="large" />
    </div>
  );
}

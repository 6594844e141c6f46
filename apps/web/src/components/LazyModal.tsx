import type { ModalProps } from 'antd';
import { lazy, Suspense, useState } from 'react';

const Modal = lazy(() => import('antd/es/modal'));

/**
 * antd's Modal for a dialog a screen opens now and then (the publish bar's schedule, the editor's link and image
 * dialogs): its code loads when the dialog first opens, not with the screen. Once opened it stays mounted, so it
 * closes with antd's own motion and keeps what `destroyOnHidden` says.
 */
export function LazyModal(props: ModalProps) {
  const [opened, setOpened] = useState(!!props.open);
  if (props.open && !opened) setOpened(true);
  if (!opened) return null;
  return (
    <Suspense fallback={null}>
      <Modal {...props} />
    </Suspense>
  );
}

import { Drawer } from 'antd';
import { Sidebar } from './Sidebar';

/** The sidebar of the phone layout (below 992 px): a drawer from the left that closes on navigation and on resize. */
export default function SidebarDrawer({ open, onClose }: { open: boolean; onClose: () => void }) {
  return (
    <Drawer
      open={open}
      onClose={onClose}
      placement="left"
      size={220}
      closable={false}
      className="gk-sidebar-drawer"
      styles={{ body: { padding: 0 } }}
    >
      <Sidebar collapsed={false} mobile />
    </Drawer>
  );
}

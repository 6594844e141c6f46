import {
  ApartmentOutlined,
  AppstoreOutlined,
  AuditOutlined,
  BankOutlined,
  BarsOutlined,
  CalendarOutlined,
  ContainerOutlined,
  DashboardOutlined,
  EditOutlined,
  FileTextOutlined,
  FolderOutlined,
  GiftOutlined,
  GlobalOutlined,
  HomeOutlined,
  LayoutOutlined,
  LinkOutlined,
  NotificationOutlined,
  PhoneOutlined,
  PictureOutlined,
  ProfileOutlined,
  ReadOutlined,
  RestOutlined,
  ScheduleOutlined,
  SettingOutlined,
  ShopOutlined,
  TagsOutlined,
  TeamOutlined,
  UnorderedListOutlined,
  UserOutlined,
} from '@ant-design/icons';
import type { ComponentType } from 'react';

/**
 * Menu icons by Ant Design name (the server's menu list names them). Only these are bundled; an
 * unknown name falls back to a folder icon.
 */
const ICONS: Record<string, ComponentType> = {
  ApartmentOutlined,
  AppstoreOutlined,
  AuditOutlined,
  BankOutlined,
  BarsOutlined,
  CalendarOutlined,
  ContainerOutlined,
  DashboardOutlined,
  EditOutlined,
  FileTextOutlined,
  FolderOutlined,
  GiftOutlined,
  GlobalOutlined,
  HomeOutlined,
  LayoutOutlined,
  LinkOutlined,
  NotificationOutlined,
  PhoneOutlined,
  PictureOutlined,
  ProfileOutlined,
  ReadOutlined,
  RestOutlined,
  ScheduleOutlined,
  SettingOutlined,
  ShopOutlined,
  TagsOutlined,
  TeamOutlined,
  UnorderedListOutlined,
  UserOutlined,
};

export function MenuIcon({ name }: { name?: string }) {
  const Icon = (name && ICONS[name]) || FolderOutlined;
  return <Icon />;
}

/** the names a menu entry may use (menu settings offers them) */
export const MENU_ICON_NAMES = Object.keys(ICONS);

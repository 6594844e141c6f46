import { describe, expect, it } from 'vitest';
import type { NavEntry } from '../app/routes';
import { activeKey } from './Sidebar';

const leaf = (path: string): NavEntry => ({ key: path, name: path, title: path, path, external: false });
const group = (key: string, paths: string[]): NavEntry => ({ ...leaf(key), children: paths.map(leaf) });

const entries: NavEntry[] = [
  group('/business', ['/business/business-type-list', '/business/business-list']),
  group('/application', ['/application/application-type-list', '/application/application-list']),
  group('/page', ['/page/page-list', '/page/pageItems-list']),
  leaf('/supplier/supplier-list'),
];

describe('activeKey', () => {
  it('a details screen highlights the list the menu contract names', () => {
    expect(activeKey(entries, '/page/page-details').key).toBe('/page/pageItems-list');
  });

  it('a visible route is itself', () => {
    expect(activeKey(entries, '/business/business-list')).toEqual({ key: '/business/business-list', group: '/business' });
  });

  it('a details screen highlights the list of the same stem', () => {
    expect(activeKey(entries, '/business/business-details').key).toBe('/business/business-list');
    expect(activeKey(entries, '/business/business-type-details').key).toBe('/business/business-type-list');
    expect(activeKey(entries, '/application/application-details').key).toBe('/application/application-list');
    expect(activeKey(entries, '/supplier/supplier-details')).toMatchObject({ key: '/supplier/supplier-list', group: undefined });
  });

  it('otherwise the longest common prefix in the same module', () => {
    expect(activeKey(entries, '/page/page-x').key).toBe('/page/page-list');
    expect(activeKey(entries, '/news/news-details').key).toBeUndefined();
  });
});

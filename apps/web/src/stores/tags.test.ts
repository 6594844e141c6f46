import { beforeEach, describe, expect, it } from 'vitest';
import { isClosable, type TagView, useTags } from './tags';

const home: TagView = { name: 'Home', path: '/dashboard/home', fullPath: '/dashboard/home', title: '首页', affix: true };
const a: TagView = { name: 'A', path: '/a', fullPath: '/a?x=1', title: 'A' };
const b: TagView = { name: 'B', path: '/b', fullPath: '/b', title: 'B' };
const imp: TagView = { name: 'Import', path: '/import', fullPath: '/import', title: '导入' };

const names = () => useTags.getState().visited.map((v) => v.name);

beforeEach(() => {
  useTags.getState().clear();
  useTags.getState().ensureAffix([home]);
  for (const v of [a, b, imp]) useTags.getState().addView(v);
});

describe('tags', () => {
  it('adds each visited view once (by path) and caches it by name', () => {
    useTags.getState().addView({ ...a, fullPath: '/a?x=2' });
    expect(names()).toEqual(['Home', 'A', 'B', 'Import']);
    expect(useTags.getState().visited[1].fullPath).toBe('/a?x=2');
    expect(useTags.getState().cached).toEqual(['A', 'B', 'Import']);
  });

  it('affixed tags and the /import tag cannot be closed', () => {
    expect(isClosable(home)).toBe(false);
    expect(isClosable(imp)).toBe(false);
    expect(isClosable(a)).toBe(true);
    useTags.getState().delView(home);
    useTags.getState().delView(imp);
    expect(names()).toEqual(['Home', 'A', 'B', 'Import']);
  });

  it('close drops the tag and its cache', () => {
    useTags.getState().delView(a);
    expect(names()).toEqual(['Home', 'B', 'Import']);
    expect(useTags.getState().cached).not.toContain('A');
  });

  it('close others keeps the affixed ones and the chosen one', () => {
    useTags.getState().delOthers(b);
    expect(names()).toEqual(['Home', 'B', 'Import']);
    expect(useTags.getState().cached).toEqual(['B', 'Import']);
  });

  it('close all keeps only what cannot close', () => {
    useTags.getState().delAll();
    expect(names()).toEqual(['Home', 'Import']);
  });

  it('refresh drops the cache and bumps the generation so the view remounts', () => {
    useTags.getState().refresh('A');
    expect(useTags.getState().cached).not.toContain('A');
    expect(useTags.getState().gens.A).toBe(1);
    expect(names()).toContain('A');
  });

  it('retains only tags of routes that still exist', () => {
    useTags.getState().retain(new Set(['Home', 'B']));
    expect(names()).toEqual(['Home', 'B']);
  });

  it('persists the visited tags in sessionStorage', () => {
    const saved = JSON.parse(sessionStorage.getItem('gk.tags') ?? '{}');
    expect(saved.state.visited.map((v: TagView) => v.name)).toEqual(['Home', 'A', 'B', 'Import']);
    expect(saved.state.cached).toBeUndefined();
  });
});

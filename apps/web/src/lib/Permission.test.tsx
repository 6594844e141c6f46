import { render, renderHook, screen } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { useSession } from '../stores/session';
import { Permission, usePermission } from './Permission';

beforeEach(() => {
  useSession.setState({ buttons: ['/news/saveNews', '/news/delNews'] });
});

describe('button permissions', () => {
  it('shows a button only when the user holds its url', () => {
    render(
      <>
        <Permission url="/news/saveNews">
          <button type="button">新增</button>
        </Permission>
        <Permission url="/userInfo/saveUserInfo">
          <button type="button">新增用户</button>
        </Permission>
      </>,
    );
    expect(screen.getByRole('button', { name: '新增' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: '新增用户' })).not.toBeInTheDocument();
  });

  it('usePermission answers for a url', () => {
    const { result } = renderHook(() => usePermission());
    expect(result.current('/news/delNews')).toBe(true);
    expect(result.current('/banner/del')).toBe(false);
  });
});

import { bannerEndpoints } from '@gk/contracts';
import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { routed, stubFetch, TestProviders } from '../../components/test-utils';
import { useSession } from '../../stores/session';
import BannerDetails from './BannerDetails';

vi.setConfig({ testTimeout: 30_000 });
afterEach(() => vi.unstubAllGlobals());
beforeEach(() => useSession.setState({ buttons: [bannerEndpoints.save.path] }));

const RECORD = {
  id: 3,
  title: '春节横幅',
  name: '春节',
  bannerType: 'index',
  url: '',
  summary: '',
  sortNo: 1,
  enableFlag: 1,
  imgUrl: '/img/a.png',
  publishTime: '2027-02-05 00:00:00',
  offlineTime: '2027-02-12 23:59:00',
};

describe('banner details: its time window on the site (holiday banners)', () => {
  it('shows the stored publish and offline times, and a cleared offline time is saved as none', async () => {
    let stored: Record<string, unknown> = { ...RECORD };
    const api = stubFetch({
      [bannerEndpoints.get.path]: () => ({ code: 200, msg: 'ok', data: stored }),
      [bannerEndpoints.save.path]: ({ body }) => {
        stored = { ...stored, ...(body as object) };
        return { code: 200, msg: '保存成功', data: stored };
      },
    });
    const { ui } = routed(<BannerDetails />, { path: '/banner/banner-details', initial: '/banner/banner-details?id=3' });
    render(<TestProviders>{ui}</TestProviders>);
    const publish = () => screen.getByLabelText('发布时间', { selector: 'input' });
    const offline = () => screen.getByLabelText('下线时间', { selector: 'input' });
    await waitFor(() => expect(publish()).toHaveValue('2027-02-05 00:00'));
    expect(offline()).toHaveValue('2027-02-12 23:59');
    const clear = offline().closest('.ant-picker')!.querySelector('.ant-picker-clear')!;
    fireEvent.mouseDown(clear);
    fireEvent.mouseUp(clear);
    fireEvent.click(clear);
    await waitFor(() => expect(offline()).toHaveValue(''));
    fireEvent.click(screen.getByText(/^保\s?存$/).closest('button')!);
    await waitFor(() => expect(api.of(bannerEndpoints.save.path)).toHaveLength(1));
    expect(api.of(bannerEndpoints.save.path)[0].body).toMatchObject({ id: 3, publishTime: '2027-02-05 00:00:00', offlineTime: null });
  });
});

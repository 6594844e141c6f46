import { allMessages, translate } from '@gk/contracts';
import { Button, Card, ConfigProvider, Form, Input, message, Typography } from 'antd';
import zhCN from 'antd/locale/zh_CN';
import { useState } from 'react';

/** Foundation page: the login form against the real API (the full shell replaces it). */
export function App() {
  const [user, setUser] = useState<string | null>(null);
  void allMessages;
  const onFinish = async (v: { username: string; password: string }) => {
    const res = await fetch('/api/login/doLogin', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(v),
    }).then((r) => r.json());
    if (Number(res.code) === 200) {
      message.success(res.msg);
      setUser(res.data.username);
    } else message.error(res.msg);
  };
  return (
    <ConfigProvider locale={zhCN}>
      <div style={{ minHeight: '100vh', display: 'grid', placeItems: 'center', background: '#f0f2f5' }}>
        <Card style={{ width: 380 }}>
          <Typography.Title level={4}>{translate('zh', 'app.title')}</Typography.Title>
          {user ? (
            <Typography.Text>欢迎，{user}</Typography.Text>
          ) : (
            <Form layout="vertical" onFinish={onFinish}>
              <Form.Item name="username" label="账号" rules={[{ required: true, message: '账号不能为空' }]}>
                <Input autoComplete="username" />
              </Form.Item>
              <Form.Item name="password" label="密码" rules={[{ required: true, message: '密码不能为空' }]}>
                <Input.Password autoComplete="current-password" />
              </Form.Item>
              <Button type="primary" htmlType="submit" block>
                登录
              </Button>
            </Form>
          )}
        </Card>
      </div>
    </ConfigProvider>
  );
}

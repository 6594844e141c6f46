import { Result } from 'antd';
import type { ReactNode } from 'react';
import { useDocumentTitle } from '../../app/useTitle';

export interface ErrorPageProps {
  status: '403' | '404' | '500';
  code: string;
  title: ReactNode;
  text: ReactNode;
  actions: ReactNode;
  testId: string;
}

/** The shared frame of the 401 / 403 / 404 pages (inside the layout when signed in, on their own otherwise). */
export function ErrorPage({ status, code, title, text, actions, testId }: ErrorPageProps) {
  useDocumentTitle(code);
  return (
    <div className="gk-error" data-testid={testId}>
      <Result
        status={status}
        title={
          <div>
            <div className="gk-error-code">{code}</div>
            <div className="gk-error-title">{title}</div>
          </div>
        }
        subTitle={<span className="gk-error-text">{text}</span>}
        extra={actions}
      />
    </div>
  );
}

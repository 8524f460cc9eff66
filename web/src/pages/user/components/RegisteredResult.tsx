// The end of a sign-up (an account, a shipper): what was registered, then on to sign in or back home.
import { Button, Result } from 'antd';
import type { ReactNode } from 'react';
import { Link } from 'react-router';

export function RegisteredResult({
  title,
  subTitle,
  login,
  home,
}: {
  title: ReactNode;
  subTitle: ReactNode;
  /** The sign-in page to go on to, and its button's text. */
  login: { to: string; text: ReactNode };
  home: ReactNode;
}) {
  return (
    <Result
      status="success"
      title={title}
      subTitle={subTitle}
      extra={[
        <Link key="login" to={login.to}>
          <Button type="primary">{login.text}</Button>
        </Link>,
        <Link key="home" to="/home">
          <Button>{home}</Button>
        </Link>,
      ]}
    />
  );
}

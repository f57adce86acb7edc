import { Flex, Spin } from 'antd';

/** Full-screen spinner while the session or the first page loads (own file: the router's first chunk needs it, and only it). */
export function FullPageSpinner() {
  return (
    <Flex align="center" justify="center" style={{ minHeight: '100vh' }}>
      <Spin size="large" />
    </Flex>
  );
}
